import { communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { useSignedIn } from '#web/lib/session.ts';
import { useCommunityPosts } from '../api/get-community-posts.ts';
import type { PostListFilter } from '../api/query-keys.ts';
import { PostFeed } from './post-feed.tsx';

function NoPosts() {
  const signedIn = useSignedIn();
  return (
    <EmptyState
      icon={MessagesSquare}
      title={communityMessages.emptyList}
      description={communityMessages.emptyListHint}
      className="rounded-xl border border-dashed border-border py-14"
    >
      {signedIn === false ? (
        <Link to={paths.login.getHref()} className={buttonVariants({ className: 'mt-2' })}>
          {communityMessages.signInToPost}
        </Link>
      ) : null}
    </EmptyState>
  );
}

/** The posts for one sort and topic, 20 at a time, with loading, error and empty states. */
export function PostList({ filter }: { filter: PostListFilter }) {
  return (
    <PostFeed
      posts={useCommunityPosts(filter)}
      loading="Loading posts..."
      errorTitle={communityMessages.errorLoadingPosts}
      errorDescription={communityMessages.errorLoadingPostsDescription}
      empty={<NoPosts />}
    />
  );
}
