import { communityMessages } from '@btcp/shared/community';
import { SearchX, X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { isBusyError } from '#web/lib/busy-retry.ts';
import { useCommunitySearch } from '../api/search-community-posts.ts';
import { PostFeed } from './post-feed.tsx';

interface SearchResultsProps {
  query: string;
  /** Back to the posts as they were before the search. */
  onClear: () => void;
}

/** What a search found, best match first, in place of the list; 'Clear search' goes back. */
export function SearchResults({ query, onClear }: SearchResultsProps) {
  const posts = useCommunitySearch(query);
  const busy = isBusyError(posts.error);
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3 rounded-xl border border-border bg-card py-2 pr-2 pl-4">
        <h2 className="min-w-0 font-semibold [overflow-wrap:anywhere]">
          {communityMessages.searchResultsFor(query)}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden="true" className="size-4" />
          {communityMessages.clearSearch}
        </Button>
      </div>
      <PostFeed
        posts={posts}
        loading={communityMessages.searching}
        errorTitle={busy ? communityMessages.searchBusy : communityMessages.errorSearching}
        errorDescription={
          busy
            ? communityMessages.searchBusyDescription
            : communityMessages.errorSearchingDescription
        }
        empty={
          <EmptyState
            icon={SearchX}
            title={
              <span className="[overflow-wrap:anywhere]">
                {communityMessages.noSearchResults(query)}
              </span>
            }
            description={communityMessages.noSearchResultsHint}
            className="rounded-xl border border-dashed border-border py-14"
          />
        }
      />
    </div>
  );
}
