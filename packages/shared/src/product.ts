/** Figures and fixed texts of the product, shared by the pages that show them (spec §1, §9). */
export const COIN = 'BTCP';
export const EARLY_PHASE_HOURLY_RATE = 100;
export const TRANSITION_PHASE_HOURLY_RATE = 1;
export const LAUNCH_YEAR = 2025;
export const REFERRAL_BONUS = 40;
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

export const COMMUNITY_RULES: readonly string[] = [
  'Be respectful to others.',
  'No spam or self-promotion.',
  'Content must be related to cryptocurrency.',
  'No market manipulation.',
  'Provide sources for claims.',
];

export const SUPPORT_EMAIL = 'support@btcp.example';
