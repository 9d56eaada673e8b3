import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** While a page loads, both buttons wait. */
  busy?: boolean;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Transaction pages'. */
  label: string;
  className?: string;
}

/** Previous / 'Page X of Y' / Next, shared by every server-paginated list. */
export function Pagination({
  page,
  pageCount,
  busy = false,
  onPageChange,
  label,
  className,
}: PaginationProps) {
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1 || busy}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </Button>
      <span className="tabular-nums">
        Page {page} of {pageCount}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount || busy}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
