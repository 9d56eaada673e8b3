import { describe, expect, it } from 'vitest';
import { communityComment } from '#web/test/community-fixtures.ts';
import { buildCommentTree, insertReply, removeComment } from './comment-tree.ts';

const c = (id: string, parentId: string | null, depth: number, replyCount = 0) =>
  communityComment({ id, parentId, depth, replyCount, content: id });

/** a > (b > c), d */
const flat = [c('a', null, 0, 1), c('b', 'a', 1, 1), c('c', 'b', 2), c('d', null, 0)];
const shape = (nodes: ReturnType<typeof buildCommentTree>): unknown[] =>
  nodes.map((node) => [node.comment.id, node.descendants, shape(node.children)]);

describe('buildCommentTree', () => {
  it('nests each reply under its parent and counts what collapsing would hide', () => {
    expect(shape(buildCommentTree(flat))).toEqual([
      ['a', 2, [['b', 1, [['c', 0, []]]]]],
      ['d', 0, []],
    ]);
  });

  it('starts a sub-thread at a comment whose parent is not on the page', () => {
    const sub = [c('x', 'elsewhere', 7, 1), c('y', 'x', 8)];
    expect(shape(buildCommentTree(sub))).toEqual([['x', 1, [['y', 0, []]]]]);
  });
});

describe('insertReply', () => {
  it('puts a new reply right under its parent and counts it there', () => {
    const next = insertReply(flat, c('new', 'a', 1));
    expect(next.map((item) => item.id)).toEqual(['a', 'new', 'b', 'c', 'd']);
    expect(next[0]?.replyCount).toBe(2);
  });
});

describe('removeComment', () => {
  it('keeps a comment with replies as "[deleted]", nameless', () => {
    const next = removeComment(flat, 'b');
    expect(next.find((item) => item.id === 'b')).toMatchObject({
      deleted: true,
      content: '',
      author: null,
    });
    expect(next).toHaveLength(4);
  });

  it('removes a leaf and the "[deleted]" parents it leaves empty', () => {
    const withDeleted = removeComment(removeComment(flat, 'a'), 'b');
    const next = removeComment(withDeleted, 'c');
    expect(next.map((item) => item.id)).toEqual(['d']);
  });
});
