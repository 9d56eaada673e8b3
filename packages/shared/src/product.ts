/** Figures and fixed texts of the product, shared by the pages that show them. */
export const COIN = 'BTCP';
export const EARLY_PHASE_HOURLY_RATE = 100;
export const TRANSITION_PHASE_HOURLY_RATE = 1;
export const REFERRAL_BONUS = 40;
/**
 * D25: a referral pays once the friend has verified their email and mined this many minutes in
 * total. It is the admin setting's default; the public pages state it, a member's cards the setting.
 */
export const REFERRAL_QUALIFYING_MINUTES = 60;
export const MINIMUM_AGE = 18;
export const TERMS_LAST_UPDATED = 'March 25, 2025';
export const SITE_DESCRIPTION =
  'Mine BTCP in your browser with no KYC and no download: 100 BTCP per hour in the early phase and 40 BTCP for every friend you refer.';

export const SUPPORT_EMAIL = 'support@btcp.example';

/** The mining schedule of the whitepaper and the terms. */
export const EARLY_PHASE_PERIOD = '2025-2026';
export const TRANSITION_PHASE_PERIOD = '2026-2027';
export const OFFICIAL_LAUNCH_YEAR = 2027;
export const NODE_SUPPORT_YEAR = 2027;

/**
 * Public accounts linked from the footer. The footer shows social and code-repository links without
 * naming them; these are the operator's to set before going live.
 */
export const CODE_REPOSITORY_URL = 'https://github.com/btcp-platform/btcp';
export const SOCIAL_LINKS = {
  x: 'https://x.com/btcp_platform',
  telegram: 'https://t.me/btcp_platform',
  github: CODE_REPOSITORY_URL,
} as const;
