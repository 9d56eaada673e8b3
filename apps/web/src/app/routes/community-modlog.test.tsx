import type {
  PublicModerationLogEntry,
  PublicModerationLogPage,
} from '@btcp/shared/moderation-log';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { stubApi } from '#web/test/stub-api.ts';
import { Component as CommunityModlog } from './community-modlog.tsx';

const entry = (overrides: Partial<PublicModerationLogEntry>): PublicModerationLogEntry => ({
  id: '1',
  action: 'post.removed',
  targetType: 'post',
  targetId: 'p1',
  targetLabel: 'A post',
  targetUsername: null,
  targetMemberTag: null,
  postId: null,
  reason: 'Rule 3',
  createdAt: new Date(2026, 10, 22, 15, 4).toISOString(),
  ...overrides,
});

const page = (items: PublicModerationLogEntry[]): PublicModerationLogPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
});

const rowOf = (label: string) => within(screen.getByText(label).closest('tr') as HTMLElement);

describe('the public moderation log', () => {
  it('names the author of a post as the community does, and never a comment’s', async () => {
    stubApi({
      'GET /community/modlog': {
        body: page([
          entry({
            id: '1',
            targetLabel: 'By a named member',
            targetUsername: 'alice',
            targetMemberTag: 'a11ce0',
          }),
          entry({ id: '2', targetLabel: 'By an unnamed member', targetMemberTag: '3fa9c1' }),
          entry({ id: '3', targetLabel: 'By a deleted account' }),
          entry({
            id: '4',
            targetType: 'comment',
            action: 'comment.removed',
            targetLabel: 'Under this post',
          }),
        ]),
      },
    });
    renderWithToasts(<CommunityModlog />, { path: '/community/modlog' });
    await screen.findByText('By a named member');
    expect(rowOf('By a named member').getByText('by alice')).toBeVisible();
    expect(rowOf('By an unnamed member').getByText('by Member #3fa9c1')).toBeVisible();
    expect(rowOf('By a deleted account').getByText('by Deleted account')).toBeVisible();
    expect(rowOf('Under this post').queryByText(/^by /)).toBeNull();
  });
});
