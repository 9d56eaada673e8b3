import { type AdminBlogPostRow, blogMessages } from '@btcp/shared/blog';
import { paths } from '@btcp/shared/paths';
import { FilePlus2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { PagedListTable } from '#web/components/ui/paged-list-table.tsx';
import { TableCell, TableRow } from '#web/components/ui/table.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { formatShortDate } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteBlogPost } from '../api/delete-blog-post.ts';
import { useAdminBlogPosts } from '../api/get-admin-blog-posts.ts';
import { usePageParam } from '../hooks/use-page-param.ts';
import { AdminBlogHeader } from './admin-blog-header.tsx';
import { DeleteBlogPostDialog } from './delete-blog-post-dialog.tsx';

const columns = ['Title', 'Status', 'Created', 'Last Updated', 'Actions'] as const;

function StatusBadge({ published }: { published: boolean }) {
  return (
    <Badge
      className={cn(
        'py-0.5 whitespace-nowrap',
        published
          ? 'border-success/30 bg-success/10 text-success'
          : 'border-border bg-muted text-muted-foreground',
      )}
    >
      {published ? 'Published' : 'Draft'}
    </Badge>
  );
}

function PostRow({
  post,
  onDelete,
}: {
  post: AdminBlogPostRow;
  onDelete: (post: AdminBlogPostRow, opener: HTMLButtonElement) => void;
}) {
  return (
    <TableRow className="max-sm:px-1">
      <TableCell className="sm:min-w-56">
        <p className="font-medium max-sm:text-base">{post.title}</p>
        {post.subtitle ? (
          <p className="mt-0.5 text-sm text-muted-foreground">{post.subtitle}</p>
        ) : null}
      </TableCell>
      <TableCell data-label="Status">
        <StatusBadge published={post.published} />
      </TableCell>
      <TableCell data-label="Created" className="whitespace-nowrap text-muted-foreground">
        <time dateTime={post.createdAt}>{formatShortDate(post.createdAt)}</time>
      </TableCell>
      <TableCell data-label="Last Updated" className="whitespace-nowrap text-muted-foreground">
        <time dateTime={post.updatedAt}>{formatShortDate(post.updatedAt)}</time>
      </TableCell>
      <TableCell data-label="Actions">
        <div className="flex justify-end gap-1">
          <Link
            to={paths.adminBlogAction.getHref('edit', post.id)}
            aria-label={`Edit ${post.title}`}
            title="Edit"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Link>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${post.title}`}
            title="Delete"
            onClick={(event) => onDelete(post, event.currentTarget)}
          >
            <Trash2 aria-hidden="true" className="size-4 text-destructive" />
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}

interface PostsCardProps {
  posts: ReturnType<typeof useAdminBlogPosts>;
  page: number;
  onPageChange: (page: number) => void;
  onDelete: (post: AdminBlogPostRow, opener: HTMLButtonElement) => void;
}

/** The posts of one page as a table, or the invitation to write the first one. */
function PostsCard({ posts, page, onPageChange, onDelete }: PostsCardProps) {
  return (
    <Card>
      <PagedListTable
        loadingStatus="Loading blog posts..."
        empty={
          <EmptyState icon={FilePlus2} title={blogMessages.adminEmpty} className="py-16">
            <Link
              to={paths.adminBlogAction.getHref('new')}
              className={buttonVariants({ className: 'mt-2' })}
            >
              {blogMessages.createFirst}
            </Link>
          </EmptyState>
        }
        label="Blog posts"
        columns={columns}
        alignEnd={['Actions']}
        query={posts}
        skeletonWidth={(column) => (column === 'Title' ? 'w-48' : 'w-20')}
        errorMessage={blogMessages.adminErrorLoadingPosts}
        row={(post) => <PostRow key={post.id} post={post} onDelete={onDelete} />}
        pagination={{ label: 'Blog post pages', page, onPageChange }}
      />
    </Card>
  );
}

/** /admin/blog: every post, drafts too, newest first, with edit and delete. */
export function AdminBlogList() {
  const [page, setPage] = usePageParam();
  const posts = useAdminBlogPosts(page);
  useErrorToast(
    blogMessages.adminErrorLoadingPosts,
    posts.error,
    posts.errorUpdatedAt,
    posts.error ? requestErrorMessage(posts.error) : undefined,
  );
  const remove = useDeleteBlogPost();
  const [target, setTarget] = useState<AdminBlogPostRow | null>(null);
  // The dialog opens from a row's button rather than a Radix trigger, so focus returns by hand.
  const opener = useRef<HTMLButtonElement | null>(null);
  const newPostLink = useRef<HTMLAnchorElement>(null);

  const confirmDelete = (post: AdminBlogPostRow) =>
    remove.mutate(post.id, {
      onSuccess: () => {
        setTarget(null);
        toast.success(blogMessages.deleted);
      },
      onError: (error) => {
        setTarget(null);
        toast.error(blogMessages.errorDeleting, { description: requestErrorMessage(error) });
      },
    });

  return (
    <>
      <AdminBlogHeader
        title="Blog Posts"
        actions={
          <Link
            ref={newPostLink}
            to={paths.adminBlogAction.getHref('new')}
            className={buttonVariants()}
          >
            <Plus aria-hidden="true" className="size-4" />
            {blogMessages.newPost}
          </Link>
        }
      />
      <PostsCard
        posts={posts}
        page={page}
        onPageChange={setPage}
        onDelete={(row, button) => {
          opener.current = button;
          setTarget(row);
        }}
      />
      <DeleteBlogPostDialog
        post={target}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setTarget(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // Back to the row's Delete button; once the row is deleted, to the top of the page.
          const button = opener.current;
          opener.current = null;
          if (button?.isConnected) button.focus();
          else newPostLink.current?.focus();
        }}
      />
    </>
  );
}
