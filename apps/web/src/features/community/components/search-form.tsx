import { COMMUNITY_SEARCH_MAX, communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { Search } from 'lucide-react';
import { type RefObject, useEffect, useId, useRef } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

interface SearchFormProps {
  /** The search shown now ('' for none): the box starts with it. */
  query: string;
  /** The words typed, trimmed; '' goes back to the posts. */
  onSearch: (query: string) => void;
  /** The box itself, for the page to put the focus back in it. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The community's search box, searched on Enter or the button. Before the app has taken the page
 * over it is a plain form: the browser asks for /community?q=… and the server renders the results.
 * The box keeps its own text (uncontrolled), so words typed before then are still there, and
 * searched, when the app replays the press.
 */
export function SearchForm({ query, onSearch, inputRef }: SearchFormProps) {
  const id = useId();
  // A search that changes in the address (Back, Forward, Clear search) shows in the box; the first
  // one is in it already, and what was typed meanwhile stays.
  const shown = useRef(query);
  useEffect(() => {
    if (shown.current === query) return;
    shown.current = query;
    if (inputRef.current) inputRef.current.value = query;
  }, [query, inputRef]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which browsers before 2023 (and jsdom) do not know
    <form
      role="search"
      action={paths.community.getHref()}
      method="get"
      className="flex gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const text = new FormData(event.currentTarget).get('q');
        onSearch(typeof text === 'string' ? text.trim() : '');
      }}
    >
      <div className="relative min-w-0 flex-1">
        <Label htmlFor={id} className="sr-only">
          {communityMessages.searchLabel}
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          placeholder={communityMessages.searchCommunityPlaceholder}
          maxLength={COMMUNITY_SEARCH_MAX}
          enterKeyHint="search"
          autoComplete="off"
          className="pl-9"
        />
      </div>
      <Button type="submit" variant="outline">
        {communityMessages.searchButton}
      </Button>
    </form>
  );
}
