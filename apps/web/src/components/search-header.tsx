import { RefreshCw, Search } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

export interface SearchHeaderProps {
  /** Ties the (visually hidden) label to the search box. */
  id: string;
  placeholder: string;
  /** The search box's (visually hidden) name, when the placeholder does not serve. */
  label?: string;
  value: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
  /** While the list loads, the refresh icon spins and the button waits. */
  refreshing: boolean;
  refreshLabel?: string;
}

/** The bar above a searchable admin list: a search box and a refresh button. */
export function SearchHeader({
  id,
  placeholder,
  label = placeholder,
  value,
  onChange,
  onRefresh,
  refreshing,
  refreshLabel = 'Refresh',
}: SearchHeaderProps) {
  return (
    <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="relative w-full sm:max-w-sm">
        <Label htmlFor={id} className="sr-only">
          {label}
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="pl-9"
        />
      </div>
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw aria-hidden="true" className={cn('size-4', refreshing && 'animate-spin')} />
        {refreshLabel}
      </Button>
    </div>
  );
}
