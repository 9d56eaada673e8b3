/**
 * D30: the dated marketing words (when mining starts, the landing page's figures, the roadmap and
 * the community's founding date) are the operator's, edited in admin Settings. Until an admin
 * saves them they read as the spec wrote them (dated-words-schemas.ts). Only what the pages need
 * is here: the landing page imports this file in a visitor's first load.
 */
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
