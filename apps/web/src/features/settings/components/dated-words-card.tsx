import { type DatedWords, datedWordsMessages } from '@btcp/shared/dated-words';
import { DatedWordsSchema, DATED_WORDS_LIMITS as LIMITS } from '@btcp/shared/dated-words-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Path } from 'react-hook-form';
import { useDatedWordsSettings, useUpdateDatedWords } from '../api/dated-words.ts';
import { RoadmapFields, StatsFields, TextField } from './dated-words-fields.tsx';
import { SettingsCard, SettingsForm, useSettingsForm } from './settings-card.tsx';

const indexes = (count: number) => Array.from({ length: count }, (_, index) => index);

/** Every field the server may name in its errors, in the form's order. */
const fieldNames: Path<DatedWords>[] = [
  'miningStart',
  ...indexes(LIMITS.statsMax).flatMap((i) => [`stats.${i}.value`, `stats.${i}.label`] as const),
  ...indexes(LIMITS.roadmapMax).flatMap(
    (i) =>
      [
        `roadmap.${i}.date`,
        `roadmap.${i}.status`,
        `roadmap.${i}.title`,
        `roadmap.${i}.description`,
      ] as const,
  ),
  'communityFounded',
];

const resolver = zodResolver(DatedWordsSchema);

function DatedWordsForm({ settings }: { settings: DatedWords }) {
  const form = useSettingsForm({
    settings,
    resolver,
    update: useUpdateDatedWords(),
    fieldNames,
    savedMessage: datedWordsMessages.saved,
  });
  return (
    <SettingsForm form={form} className="grid gap-6">
      <TextField
        form={form}
        name="miningStart"
        label="Mining starts in"
        hint="The landing page’s badge reads “Mining starts in …”."
        max={LIMITS.miningStart}
      />
      <StatsFields form={form} />
      <RoadmapFields form={form} />
      <TextField
        form={form}
        name="communityFounded"
        label="Community founded"
        hint="The community page reads “Created” and this day."
        type="date"
      />
    </SettingsForm>
  );
}

/**
 * D30: the public pages' dated words are the operator's. A save is audited and shows on the
 * landing and community pages at once, for every visitor.
 */
export function DatedWordsCard() {
  return (
    <SettingsCard
      title="Dated words"
      description="When mining starts, the landing page’s figures and roadmap, and the day the community began."
      settings={useDatedWordsSettings()}
      loadingLabel="Loading dated words"
      fields={4}
    >
      {(settings) => <DatedWordsForm settings={settings} />}
    </SettingsCard>
  );
}
