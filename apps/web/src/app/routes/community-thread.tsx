import { pageTitles } from '@btcp/shared/paths';
import { useParams } from 'react-router';
import { BackToCommunityLink } from '#web/features/community/components/back-to-community-link.tsx';
import { CommentThreadView } from '#web/features/community/components/comment-thread-view.tsx';
import { useScrollToTop } from '#web/features/community/hooks/use-scroll-to-top.ts';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** /community/:id/comments/:commentId: one comment and the replies below it. */
export function Component() {
  useDocumentTitle(pageTitles.communityThread);
  const { id = '', commentId = '' } = useParams();
  useScrollToTop(commentId);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <CommentThreadView key={commentId} postId={id} commentId={commentId} />
      <BackToCommunityLink />
    </div>
  );
}
