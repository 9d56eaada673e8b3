import type { Comment } from '@btcp/shared/community';
import { useIsStaff } from '../hooks/use-is-staff.ts';
import { ReportButton } from './report-button.tsx';
import { StaffCommentActions } from './staff-comment-actions.tsx';

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
      {staff ? <StaffCommentActions comment={comment} /> : null}
    </>
  );
}
