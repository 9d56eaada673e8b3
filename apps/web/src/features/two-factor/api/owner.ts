/**
 * Whose two-factor: the member's own (/account) or the signed-in admin's (the admin's settings).
 * The two answer the same shapes under their own paths (decision 027).
 */
export type TwoFactorOwner = 'account' | 'admin';

export const twoFactorPath = (owner: TwoFactorOwner, rest = '') =>
  `${owner === 'account' ? '/account/two-factor' : '/admin/two-factor'}${rest}`;

export const twoFactorQueryKey = (owner: TwoFactorOwner) => ['two-factor', owner] as const;
