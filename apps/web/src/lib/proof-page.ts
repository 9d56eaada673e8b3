import { SITE_NAME } from '@btcp/shared/paths';

/** The public page of proof of balances (D27): its address and title. */
export const proofPage = {
  path: '/proof',
  getHref: () => '/proof',
  title: `Proof of Balances | ${SITE_NAME}`,
} as const;
