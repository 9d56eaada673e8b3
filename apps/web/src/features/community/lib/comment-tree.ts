import type { Comment } from '@btcp/shared/community';

/** One comment and the replies the page holds under it, in the order the server sent them. */
export interface CommentNode {
  comment: Comment;
  children: CommentNode[];
  /** Every reply below it on the page, at any level: what collapsing it hides. */
  descendants: number;
}

/**
 * The tree of a flat list in reading order (each comment before its replies). A comment whose
 * parent is not in the list (the first of a sub-thread) starts a tree of its own.
 */
export function buildCommentTree(items: readonly Comment[]): CommentNode[] {
  const nodes = new Map<string, CommentNode>();
  const roots: CommentNode[] = [];
  for (const comment of items) {
    if (nodes.has(comment.id)) continue;
    const node: CommentNode = { comment, children: [], descendants: 0 };
    nodes.set(comment.id, node);
    const parent = comment.parentId ? nodes.get(comment.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const count = (node: CommentNode): number => {
    node.descendants = node.children.reduce((sum, child) => sum + 1 + count(child), 0);
    return node.descendants;
  };
  for (const root of roots) count(root);
  return roots;
}

/** A new reply goes right under its parent (first among its replies); the parent counts it. */
export function insertReply(items: readonly Comment[], reply: Comment): Comment[] {
  const at = items.findIndex((item) => item.id === reply.parentId);
  if (at === -1 || items.some((item) => item.id === reply.id)) return [...items];
  const next = [...items];
  const parent = next[at] as Comment;
  next[at] = { ...parent, replyCount: parent.replyCount + 1 };
  next.splice(at + 1, 0, reply);
  return next;
}

/**
 * What the server did on deleting `id`, done to a loaded list: with replies it stays as
 * "[deleted]"; otherwise it goes, its parent counts one reply fewer, and a "[deleted]" parent
 * left with none goes too, upwards.
 */
export function removeComment(items: readonly Comment[], id: string): Comment[] {
  const target = items.find((item) => item.id === id);
  if (!target) return [...items];
  if (target.replyCount > 0) {
    return items.map((item) =>
      item.id === id
        ? {
            ...item,
            deleted: true,
            content: '',
            author: null,
            byPostAuthor: false,
            isMine: false,
            myVote: null,
          }
        : item,
    );
  }
  let next = items.filter((item) => item.id !== id);
  let parentId = target.parentId;
  while (parentId) {
    const parent = next.find((item) => item.id === parentId);
    if (!parent) break;
    const replyCount = Math.max(0, parent.replyCount - 1);
    if (parent.deleted && replyCount === 0) {
      next = next.filter((item) => item.id !== parent.id);
      parentId = parent.parentId;
    } else {
      next = next.map((item) => (item.id === parent.id ? { ...item, replyCount } : item));
      parentId = null;
    }
  }
  return next;
}
