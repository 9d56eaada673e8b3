import { type DatedWords, roadmapStatuses } from './dated-words.ts';
import { COIN, EARLY_PHASE_HOURLY_RATE, REFERRAL_BONUS } from './product.ts';
import { z } from './zod.ts';

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

const LIMITS = DATED_WORDS_LIMITS;

const text = (max: number) =>
  z
    .string(`Enter 1 to ${max} characters`)
    .trim()
    .min(1, `Enter 1 to ${max} characters`)
    .max(max, `Enter 1 to ${max} characters`);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD (no 2023-02-30), between the years 2000 and 2100. */
const DaySchema = z.string('Enter a date as YYYY-MM-DD').refine((value) => {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2100 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}, 'Enter a real date as YYYY-MM-DD');

export const LandingStatSchema = z.object({
  value: text(LIMITS.statValue),
  label: text(LIMITS.statLabel),
});

export const RoadmapItemSchema = z.object({
  date: text(LIMITS.roadmapDate),
  title: text(LIMITS.roadmapTitle),
  description: text(LIMITS.roadmapDescription),
  status: z.enum(roadmapStatuses, 'Choose Completed, Current or Upcoming'),
});

/** What an admin may save, and what the public read answers with. */
export const DatedWordsSchema = z.object({
  miningStart: text(LIMITS.miningStart),
  stats: z
    .array(LandingStatSchema)
    .min(1, 'Keep at least one figure')
    .max(LIMITS.statsMax, `At most ${LIMITS.statsMax} figures`),
  roadmap: z
    .array(RoadmapItemSchema)
    .min(1, 'Keep at least one roadmap item')
    .max(LIMITS.roadmapMax, `At most ${LIMITS.roadmapMax} roadmap items`),
  communityFounded: DaySchema,
}) satisfies z.ZodType<DatedWords>;
