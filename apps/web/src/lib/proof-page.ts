/** The public page of proof of balances (D27). */
export const proofPage = { path: '/proof', getHref: () => '/proof' } as const;
