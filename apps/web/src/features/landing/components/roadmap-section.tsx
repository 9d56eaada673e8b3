import { type RoadmapStatus, roadmapStatusLabels } from '@btcp/shared/dated-words';
import { CircleCheck, CircleDashed, CircleDot, type LucideIcon } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { useDatedWords } from '#web/lib/dated-words.ts';
import { LandingSection } from './landing-section.tsx';
import { SectionHeading } from './section-heading.tsx';

/** Each status differs by border, icon and words, so colour is never the only signal. */
const statusStyles: Record<RoadmapStatus, { Icon: LucideIcon; card: string; badge: string }> = {
  completed: {
    Icon: CircleCheck,
    card: 'border-success/40',
    badge: 'border border-success/50 text-success',
  },
  current: {
    Icon: CircleDot,
    card: 'border-primary shadow-md ring-2 ring-primary/25',
    badge: 'bg-primary text-primary-foreground',
  },
  upcoming: {
    Icon: CircleDashed,
    card: 'border-dashed border-border',
    badge: 'bg-muted text-muted-foreground',
  },
};

/** The operator's roadmap (D30): its items, their dates and where each stands. */
export function RoadmapSection() {
  const roadmap = useDatedWords().data?.roadmap ?? [];
  return (
    <LandingSection
      titleId="roadmap-title"
      className="border-y border-border bg-muted/40 py-20 sm:py-24"
    >
      <SectionHeading
        id="roadmap-title"
        title="Roadmap"
        description="Where the platform has been and where it is heading."
      />
      <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {roadmap.map((item) => {
          const style = statusStyles[item.status];
          return (
            <li
              key={`${item.date} ${item.title}`}
              className={cn(
                'flex flex-col rounded-xl border bg-card p-6 text-card-foreground',
                style.card,
              )}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="text-sm font-semibold tracking-wide">{item.date}</span>
                <span
                  className={cn(
                    'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
                    style.badge,
                  )}
                >
                  <style.Icon aria-hidden="true" className="size-3.5" />
                  {roadmapStatusLabels[item.status]}
                </span>
              </div>
              <h3 className="mt-4 text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                {item.description}
              </p>
            </li>
          );
        })}
      </ol>
    </LandingSection>
  );
}
