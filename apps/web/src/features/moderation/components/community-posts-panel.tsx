import { type AdminCommunityPost, communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { useEffect } from 'react';
import { PagedSearchCard } from '#web/components/paged-search-card.tsx';
import { TableCell, TableRow, TableSkeletonRows } from '#web/components/ui/table.tsx';
import { countPages, usePagedSearch } from '#web/hooks/use-paged-search.ts';
import { cn } from '#web/lib/cn.ts';
import { formatShortDateTime } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import { useAdminCommunityPosts } from '../api/get-admin-community-posts.ts';
import { authorLabel, postScore } from '../lib/format.ts';
import { PostActionsMenu } from './post-actions-menu.tsx';
import { PostStatusBadge } from './post-status-badge.tsx';

const columns = ['Title', 'Author', 'Date', 'Status', 'Votes', 'Actions'];
function PostRow({ post }: { post: AdminCommunityPost }) {
  const known = Boolean(post.authorUsername);
  return (
    <TableRow className="max-sm:px-1">
      <TableCell className="max-w-md font-medium max-sm:text-base max-sm:font-semibold">
        <a
          href={paths.communityPost.getHref(post.id)}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-sm [overflow-wrap:anywhere] hover:text-primary hover:underline"
        >
          {post.title}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </TableCell>
      <TableCell data-label="Author" className={cn(!known && 'text-muted-foreground italic')}>
        {authorLabel(post)}
      </TableCell>
      <TableCell data-label="Date" className="whitespace-nowrap">
        {formatShortDateTime(post.createdAt)}
      </TableCell>
      <TableCell data-label="Status">
        <PostStatusBadge status={post.status} />
      </TableCell>
      <TableCell
        data-label="Votes"
        className="text-right tabular-nums"
        title={`${post.upvotes} up, ${post.downvotes} down`}
      >
        {postScore(post)}
      </TableCell>
      <TableCell data-label="Actions" className="text-right">
        <PostActionsMenu post={post} />
      </TableCell>
    </TableRow>
  );
}

/** The Posts tab of /admin/community: every post, removed ones too, searched and paged on the server. */
export function CommunityPostsPanel() {
  const paging = usePagedSearch();
  const { search, page, setPage } = paging;
  const posts = useAdminCommunityPosts({ search, page });
  const { data, error, errorUpdatedAt, isPlaceholderData } = posts;
  const pageCount = countPages(data);

  useEffect(() => {
    if (!error) return;
    toast.error(communityMessages.adminErrorLoadingPosts, {
      id: `admin-community-posts:${errorUpdatedAt}`,
      description: communityMessages.adminErrorLoadingPostsDescription,
    });
  }, [error, errorUpdatedAt]);

  // Deleting the last post of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (data && !isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [data, isPlaceholderData, page, pageCount, setPage]);

  return (
    <PagedSearchCard
      searchBox={{
        id: 'admin-community-search',
        label: 'Search posts',
        placeholder: communityMessages.searchPlaceholder,
        refreshLabel: communityMessages.refreshPosts,
      }}
      paging={paging}
      label="Community posts"
      columns={columns}
      alignEnd={['Votes', 'Actions']}
      query={posts}
      loading={<TableSkeletonRows columns={columns} className="max-sm:px-1" />}
      errorMessage={communityMessages.adminErrorLoadingPosts}
      emptyMessage={search ? communityMessages.noPostsMatching : communityMessages.noPosts}
      row={(post) => <PostRow key={post.id} post={post} />}
      noun={['post', 'posts']}
      loadingStatus="Loading posts..."
      pagesLabel="Post pages"
    />
  );
}
