/** Figures and fixed texts of the product, shared by the pages that show them. */
export const COIN = 'BTCP';
export const EARLY_PHASE_HOURLY_RATE = 100;
export const TRANSITION_PHASE_HOURLY_RATE = 1;
export const LAUNCH_YEAR = 2025;
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

export type RoadmapStatus = 'completed' | 'current' | 'upcoming';
export interface RoadmapItem {
  date: string;
  title: string;
  description: string;
  status: RoadmapStatus;
}

export const ROADMAP: readonly RoadmapItem[] = [
  {
    date: 'Q1 2024',
    title: 'Beta Testing',
    description: 'Early miners put the browser miner and the reward system through their paces.',
    status: 'completed',
  },
  {
    date: 'Q2 2024',
    title: 'Mining Algorithm Update',
    description: 'A lighter mining algorithm that keeps energy use low on every device.',
    status: 'completed',
  },
  {
    date: 'Q4 2024',
    title: 'Referral System Launch',
    description: 'Invite friends with your link and earn 40 BTCP for every successful referral.',
    status: 'current',
  },
  {
    date: 'Q1 2025',
    title: 'Official Platform Launch',
    description: 'Mining opens to everyone at 100 BTCP per hour in the early phase.',
    status: 'upcoming',
  },
];

export const SUPPORT_EMAIL = 'support@btcp.example';

/** Landing-page badge: when public mining opens. */
export const MINING_START = 'Q1 2025';

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
