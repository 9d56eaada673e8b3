import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

interface LandingSectionProps {
  /** The id of the section's heading, which names the section. */
  titleId: string;
  className?: string;
  /** Adds to the inner column, which holds the content to the page's width. */
  containerClassName?: string;
  children: ReactNode;
}

/** A band of the landing page: full width, its content in a centred column. */
export function LandingSection({
  titleId,
  className,
  containerClassName,
  children,
}: LandingSectionProps) {
  return (
    <section aria-labelledby={titleId} className={className}>
      <div className={cn('mx-auto max-w-7xl px-4 sm:px-6 lg:px-8', containerClassName)}>
        {children}
      </div>
    </section>
  );
}
