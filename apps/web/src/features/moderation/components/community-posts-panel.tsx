import { type AdminCommunityPost, communityMessages } from '@btcp/shared/community';
import { PagedSearchCard } from '#web/components/paged-search-card.tsx';
import { TableCell, TableRow } from '#web/components/ui/table.tsx';
import { usePagedList } from '#web/hooks/use-paged-list.ts';
import { formatShortDateTime } from '#web/lib/format.ts';
import { useAdminCommunityPosts } from '../api/get-admin-community-posts.ts';
import { postScore } from '../lib/format.ts';
import { AuthorCell, PostPageLink } from './moderation-cells.tsx';
import { PostActionsMenu } from './post-actions-menu.tsx';
import { PostStatusBadge } from './post-status-badge.tsx';

const columns = ['Title', 'Author', 'Date', 'Status', 'Votes', 'Actions'];
function PostRow({ post }: { post: AdminCommunityPost }) {
  return (
    <TableRow className="max-sm:px-1">
      <TableCell className="max-w-md font-medium max-sm:text-base max-sm:font-semibold">
        <PostPageLink postId={post.id}>{post.title}</PostPageLink>
      </TableCell>
      <AuthorCell author={post} />
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
  const list = usePagedList(useAdminCommunityPosts, {
    title: communityMessages.adminErrorLoadingPosts,
    description: communityMessages.adminErrorLoadingPostsDescription,
  });
  return (
    <PagedSearchCard
      searchBox={{
        label: 'Search posts',
        placeholder: communityMessages.searchPlaceholder,
        refreshLabel: communityMessages.refreshPosts,
      }}
      list={list}
      label="Community posts"
      columns={columns}
      alignEnd={['Votes', 'Actions']}
      emptyMessage={
        list.paging.search ? communityMessages.noPostsMatching : communityMessages.noPosts
      }
      row={(post) => <PostRow key={post.id} post={post} />}
      noun={['post', 'posts']}
      loadingStatus="Loading posts..."
      pagesLabel="Post pages"
    />
  );
}
