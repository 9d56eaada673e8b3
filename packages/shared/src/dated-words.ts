/**
 * D30: the dated marketing words (when mining starts, the landing page's figures, the roadmap and
 * the community's founding date) are the operator's, edited in admin Settings. Until an admin
 * saves them they read as the spec wrote them. No zod here: the landing page imports this file,
 * and its schema (dated-words-schemas.ts) stays out of a visitor's first load.
 */
import { COIN, EARLY_PHASE_HOURLY_RATE, REFERRAL_BONUS } from './product.ts';

export const roadmapStatuses = ['completed', 'current', 'upcoming'] as const;
export type RoadmapStatus = (typeof roadmapStatuses)[number];

export const roadmapStatusLabels: Record<RoadmapStatus, string> = {
  completed: 'Completed',
  current: 'Current',
  upcoming: 'Upcoming',
};

export interface RoadmapItem {
  /** A quarter or any short date, as the operator writes it ("Q1 2025"). */
  date: string;
  title: string;
  description: string;
  status: RoadmapStatus;
}

/** One of the hero's figures: "2025" over "Launch Year". */
export interface LandingStat {
  value: string;
  label: string;
}

export interface DatedWords {
  /** The hero's badge reads "Mining starts in {miningStart}". */
  miningStart: string;
  stats: LandingStat[];
  roadmap: RoadmapItem[];
  /** The community's founding day, YYYY-MM-DD. */
  communityFounded: string;
}

export const DATED_WORDS_LIMITS = {
  miningStart: 40,
  statsMax: 3,
  statValue: 12,
  statLabel: 30,
  roadmapMax: 8,
  roadmapDate: 20,
  roadmapTitle: 60,
  roadmapDescription: 200,
} as const;

/** The spec's words, shown until an admin saves others. */
export const DEFAULT_DATED_WORDS: DatedWords = {
  miningStart: 'Q1 2025',
  stats: [
    { value: String(EARLY_PHASE_HOURLY_RATE), label: `${COIN}/Hour` },
    { value: '2025', label: 'Launch Year' },
    { value: String(REFERRAL_BONUS), label: `Referral ${COIN}` },
  ],
  roadmap: [
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
      description: `Invite friends with your link and earn ${REFERRAL_BONUS} ${COIN} for every successful referral.`,
      status: 'current',
    },
    {
      date: 'Q1 2025',
      title: 'Official Platform Launch',
      description: `Mining opens to everyone at ${EARLY_PHASE_HOURLY_RATE} ${COIN} per hour in the early phase.`,
      status: 'upcoming',
    },
  ],
  communityFounded: '2023-01-22',
};

export const datedWordsApi = {
  /** Public: what the landing and community pages show. */
  read: '/dated-words',
  /** Admin: the same, to edit. */
  settings: '/admin/settings/dated-words',
} as const;

export const datedWordsMessages = {
  saved: 'Dated words saved',
  miningStartsIn: (when: string) => `Mining starts in ${when}`,
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Created Jan 22, 2023" from "2023-01-22": the same words on the server and in every browser,
 * whatever their language or time zone, so a hydrated page never differs from its render.
 */
export function communityCreatedLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `Created ${MONTHS[(month ?? 1) - 1] ?? ''} ${date}, ${year}`;
}
