import type { AdminCommunityPost } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import type { ReactNode } from 'react';
import { TableCell } from '#web/components/ui/table.tsx';
import { cn } from '#web/lib/cn.ts';
import { authorLabel } from '../lib/format.ts';

/** The post's public page in a new tab, so the staff table keeps its search and page. */
export function PostPageLink({ postId, children }: { postId: string; children: ReactNode }) {
  return (
    <a
      href={paths.communityPost.getHref(postId)}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded-sm [overflow-wrap:anywhere] hover:text-primary hover:underline"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** Who wrote it, muted when there is no username to show. */
export function AuthorCell({
  author,
  className,
}: {
  author: Pick<AdminCommunityPost, 'authorUsername' | 'authorMemberTag'>;
  className?: string;
}) {
  return (
    <TableCell
      data-label="Author"
      className={cn(className, !author.authorUsername && 'text-muted-foreground italic')}
    >
      {authorLabel(author)}
    </TableCell>
  );
}
