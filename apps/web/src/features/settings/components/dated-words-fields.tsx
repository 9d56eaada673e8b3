import { type DatedWords, roadmapStatuses, roadmapStatusLabels } from '@btcp/shared/dated-words';
import { DATED_WORDS_LIMITS as LIMITS } from '@btcp/shared/dated-words-schemas';
import { ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { type Path, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { fieldError } from './settings-card.tsx';

type Form = UseFormReturn<DatedWords>;

/** A text field of the form, bound to it by name: its value, its error and its longest length. */
export function TextField({
  form,
  name,
  label,
  hint,
  max,
  type = 'text',
  multiline = false,
}: {
  form: Form;
  name: Path<DatedWords>;
  label: string;
  hint?: string;
  max?: number;
  type?: 'text' | 'date';
  multiline?: boolean;
}) {
  const registration = form.register(name);
  return (
    <FormField label={label} hint={hint} error={fieldError(form, name)}>
      {(control) =>
        multiline ? (
          <Textarea {...control} {...registration} maxLength={max} className="min-h-20" />
        ) : (
          <Input {...control} {...registration} type={type} maxLength={max} autoComplete="off" />
        )
      }
    </FormField>
  );
}

/** One listed thing's group: its name as the legend, its fields, and the buttons that move it. */
function ItemGroup({
  legend,
  actions,
  children,
}: {
  legend: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3 sm:p-4">
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      {children}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </fieldset>
  );
}

function RemoveButton({
  what,
  disabled,
  onClick,
}: {
  what: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Remove ${what}`}
      disabled={disabled}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      Remove
    </Button>
  );
}

/** The hero's figures, one to three: a value over its label ("2025" over "Launch Year"). */
export function StatsFields({ form }: { form: Form }) {
  const stats = useFieldArray({ control: form.control, name: 'stats' });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Landing figures</legend>
      {stats.fields.map((field, index) => (
        <ItemGroup
          key={field.id}
          legend={`Figure ${index + 1}`}
          actions={
            <RemoveButton
              what={`figure ${index + 1}`}
              disabled={stats.fields.length <= 1}
              onClick={() => stats.remove(index)}
            />
          }
        >
          <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
            <TextField
              form={form}
              name={`stats.${index}.value`}
              label="Value"
              max={LIMITS.statValue}
            />
            <TextField
              form={form}
              name={`stats.${index}.label`}
              label="Label"
              max={LIMITS.statLabel}
            />
          </div>
        </ItemGroup>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={stats.fields.length >= LIMITS.statsMax}
        onClick={() => stats.append({ value: '', label: '' })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add figure
      </Button>
    </fieldset>
  );
}

/** The roadmap, one to eight items in the order shown: a date, where it stands, what it is. */
export function RoadmapFields({ form }: { form: Form }) {
  const roadmap = useFieldArray({ control: form.control, name: 'roadmap' });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Roadmap</legend>
      {roadmap.fields.map((field, index) => (
        <ItemGroup
          key={field.id}
          legend={`Roadmap item ${index + 1}`}
          actions={
            <>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Move up roadmap item ${index + 1}`}
                disabled={index === 0}
                onClick={() => roadmap.move(index, index - 1)}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
                Move up
              </Button>
              <RemoveButton
                what={`roadmap item ${index + 1}`}
                disabled={roadmap.fields.length <= 1}
                onClick={() => roadmap.remove(index)}
              />
            </>
          }
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              form={form}
              name={`roadmap.${index}.date`}
              label="Date"
              hint="e.g. Q1 2027"
              max={LIMITS.roadmapDate}
            />
            <FormField label="Status" error={fieldError(form, `roadmap.${index}.status`)}>
              {(control) => (
                <NativeSelect {...control} {...form.register(`roadmap.${index}.status`)}>
                  {roadmapStatuses.map((status) => (
                    <option key={status} value={status}>
                      {roadmapStatusLabels[status]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>
          <TextField
            form={form}
            name={`roadmap.${index}.title`}
            label="Title"
            max={LIMITS.roadmapTitle}
          />
          <TextField
            form={form}
            name={`roadmap.${index}.description`}
            label="Description"
            max={LIMITS.roadmapDescription}
            multiline
          />
        </ItemGroup>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={roadmap.fields.length >= LIMITS.roadmapMax}
        onClick={() => roadmap.append({ date: '', title: '', description: '', status: 'upcoming' })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add roadmap item
      </Button>
    </fieldset>
  );
}
