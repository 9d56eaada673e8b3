import type { Comment } from '@btcp/shared/community';
import { lazy, Suspense } from 'react';
import { useIsStaff } from '../hooks/use-is-staff.ts';
import { ReportButton } from './report-button.tsx';

// Staff only: a reader's post page never loads the staff's confirm dialog (docs/decisions/018).
const StaffCommentActions = lazy(() =>
  import('./staff-comment-actions.tsx').then((module) => ({
    default: module.StaffCommentActions,
  })),
);

/**
 * What a comment's action row adds for reports: Report for members (not on their own, removed or
 * deleted comments), and for staff Remove and Delete.
 */
export function CommentReportActions({ comment }: { comment: Comment }) {
  const staff = useIsStaff();
  if (comment.deleted) return null;
  return (
    <>
      {comment.status === 'removed' ? null : (
        <ReportButton itemType="comment" itemId={comment.id} isMine={comment.isMine} />
      )}
      {staff ? (
        <Suspense fallback={null}>
          <StaffCommentActions comment={comment} />
        </Suspense>
      ) : null}
    </>
  );
}
