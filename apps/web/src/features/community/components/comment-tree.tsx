import { paths } from '@btcp/shared/paths';
import { CornerDownRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CommentNode } from '../lib/comment-tree.ts';
import { CommentComposer } from './comment-composer.tsx';
import { CommentItem } from './comment-item.tsx';

/**
 * Replies indent under a thread line; the step is small on phones so eight levels still leave
 * the text most of the width.
 */
const nestedList = 'mt-2 grid gap-3 border-l-2 border-border pl-2 sm:pl-4';

function ThreadNode({ node }: { node: CommentNode }) {
  const { comment, children } = node;
  const [collapsed, setCollapsed] = useState(false);
  const [replying, setReplying] = useState(false);
  const replyButton = useRef<HTMLButtonElement>(null);
  const closeReply = () => {
    setReplying(false);
    // After the form is gone: back to the button that opened it.
    queueMicrotask(() => replyButton.current?.focus());
  };
  // Replies exist beyond what the page holds (the last level shown): they have their own page.
  const more = !collapsed && children.length === 0 && comment.replyCount > 0;
  return (
    <li className="min-w-0">
      <CommentItem
        comment={comment}
        collapsed={collapsed}
        onToggle={() => setCollapsed((value) => !value)}
        hiddenReplies={node.descendants}
        replyOpen={replying}
        onReply={() => (replying ? closeReply() : setReplying(true))}
        replyButtonRef={replyButton}
      >
        {replying ? (
          <CommentComposer
            postId={comment.postId}
            reply={{ parent: comment, onClose: closeReply }}
          />
        ) : null}
      </CommentItem>
      {!collapsed && children.length > 0 ? (
        <ul
          aria-label={`Replies to ${comment.deleted ? 'a deleted comment' : 'this comment'}`}
          className={nestedList}
        >
          {children.map((child) => (
            <ThreadNode key={child.comment.id} node={child} />
          ))}
        </ul>
      ) : null}
      {more ? (
        <Link
          to={paths.communityThread.getHref(comment.postId, comment.id)}
          className="mt-1 ml-2 inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          <CornerDownRight aria-hidden="true" className="size-4" />
          Continue this thread
        </Link>
      ) : null}
    </li>
  );
}

/** Threads of comments, each comment with its replies nested under it. */
export function CommentTree({
  nodes,
  label = 'Comments',
  busy,
}: {
  nodes: CommentNode[];
  label?: string;
  busy?: boolean;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={busy || undefined}
      className="divide-y divide-border [&>li]:py-4 [&>li:first-child]:pt-0"
    >
      {nodes.map((node) => (
        <ThreadNode key={node.comment.id} node={node} />
      ))}
    </ul>
  );
}
