import { type ComponentProps, createContext, type ReactNode, use } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Button } from './button.tsx';
import { Skeleton } from './skeleton.tsx';

/** Whether the surrounding table turns into stacked blocks below the `sm` breakpoint. */
const StackedContext = createContext(false);

/**
 * A table in a scrolling frame. The frame is a focusable, labelled region so that keyboard users can
 * scroll a table wider than the screen (WCAG 2.1.1).
 *
 * With `stacked`, below `sm` each body row becomes a block and each cell with a `data-label` a
 * "label — value" line, the label drawn from that attribute (its generated text is hidden from
 * assistive technology, which still has the visually hidden header row). From `sm` up it is the same
 * table as without `stacked`. Each piece of content stays in the DOM once.
 */
export function Table({
  className,
  label,
  stacked = false,
  ...props
}: ComponentProps<'table'> & { label: string; stacked?: boolean }) {
  return (
    <StackedContext value={stacked}>
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="relative w-full overflow-x-auto rounded-md"
      >
        <table
          className={cn('w-full caption-bottom text-sm', stacked && 'max-sm:block', className)}
          {...props}
        />
      </section>
    </StackedContext>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  const stacked = use(StackedContext);
  return (
    <thead className={cn('[&_tr]:border-b', stacked && 'max-sm:sr-only', className)} {...props} />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  const stacked = use(StackedContext);
  return (
    <tbody
      className={cn('[&_tr:last-child]:border-0', stacked && 'max-sm:block', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  const stacked = use(StackedContext);
  return (
    <tr
      className={cn(
        'border-b border-border transition-colors hover:bg-muted/50',
        stacked && 'max-sm:block max-sm:py-2',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope="col"
      className={cn(
        'h-11 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

const stackedCell = 'max-sm:py-1.5 max-sm:[overflow-wrap:anywhere]';
const stackedLabelledCell =
  "max-sm:flex max-sm:min-h-9 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-sans max-sm:before:text-sm max-sm:before:font-medium max-sm:before:not-italic max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)_/_'']";

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  const stacked = use(StackedContext);
  const labelled = (props as Record<string, unknown>)['data-label'] != null;
  return (
    <td
      className={cn(
        'px-3 py-3 align-middle',
        stacked && stackedCell,
        stacked && (labelled ? stackedLabelledCell : 'max-sm:block'),
        className,
      )}
      {...props}
    />
  );
}

/** The header row: one `TableHead` per column, those named in `alignEnd` right-aligned. */
export function TableColumnsRow({
  columns,
  alignEnd = [],
}: {
  columns: readonly string[];
  alignEnd?: readonly string[];
}) {
  return (
    <TableRow className="hover:bg-transparent">
      {columns.map((column) => (
        <TableHead key={column} className={alignEnd.includes(column) ? 'text-right' : undefined}>
          {column}
        </TableHead>
      ))}
    </TableRow>
  );
}

/**
 * Placeholder rows while a table loads. Each cell carries its column as `data-label` for the stacked
 * layout, except the first column unless `labelFirst`: stacked, that one is the row's heading.
 */
export function TableSkeletonRows({
  columns,
  rows = 5,
  labelFirst = false,
  className,
  skeletonWidth = () => 'w-full min-w-12',
}: {
  columns: readonly string[];
  rows?: number;
  labelFirst?: boolean;
  /** Classes for each row. */
  className?: string;
  /** Width classes for a column's placeholder bar. */
  skeletonWidth?: (column: string) => string;
}) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
    <TableRow key={row} className={className}>
      {columns.map((column, index) => (
        <TableCell key={column} data-label={labelFirst || index > 0 ? column : undefined}>
          <Skeleton className={cn('h-5', skeletonWidth(column))} />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** One cell across the whole table with a centred, muted message, and Try again if `onRetry`. */
export function TableMessageRow({
  colSpan,
  children,
  onRetry,
}: {
  colSpan: number;
  children: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <TableRow className="hover:bg-transparent">
      {onRetry ? (
        <TableCell colSpan={colSpan} className="py-10 text-center">
          <p className="text-muted-foreground">{children}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
            Try again
          </Button>
        </TableCell>
      ) : (
        <TableCell colSpan={colSpan} className="py-10 text-center text-muted-foreground">
          {children}
        </TableCell>
      )}
    </TableRow>
  );
}
