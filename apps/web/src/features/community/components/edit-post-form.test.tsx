import { communityEditMessages } from '@btcp/shared/community-edits';
import { ErrorCode } from '@btcp/shared/error-codes';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { communityPost, POST_ID } from '#web/test/community-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { EditPostForm } from './edit-post-form.tsx';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const key = `PATCH /community/posts/${POST_ID}`;

function setup(createdMinutesAgo: number, reply = { body: communityPost({ isMine: true }) }) {
  const api = stubApi({ [key]: reply }, signedInUser);
  const onClose = vi.fn();
  const post = communityPost({
    isMine: true,
    title: 'Old title',
    content: 'Old text',
    createdAt: minutesAgo(createdMinutesAgo),
  });
  renderWithToasts(<EditPostForm post={post} onClose={onClose} />);
  return { api, onClose };
}

describe('EditPostForm', () => {
  it('is prefilled and, within 10 minutes of posting, saves a new title and text', async () => {
    const { api, onClose } = setup(9);
    const title = screen.getByLabelText('Title');
    expect(title).toHaveValue('Old title');
    expect(title).not.toHaveAttribute('readonly');
    expect(screen.queryByText(communityEditMessages.titleLocked)).toBeNull();
    await userEvent.clear(title);
    await userEvent.type(title, 'New title');
    await userEvent.clear(screen.getByLabelText('Content'));
    await userEvent.type(screen.getByLabelText('Content'), ' New text ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent(key)).toEqual([{ title: 'New title', content: 'New text' }]);
  });

  it('after 10 minutes shows the title read-only with why, and sends only the text', async () => {
    const { api, onClose } = setup(11);
    const title = screen.getByLabelText('Title');
    expect(title).toHaveAttribute('readonly');
    expect(title).toHaveAccessibleDescription(communityEditMessages.titleLocked);
    await userEvent.type(screen.getByLabelText('Content'), ' more');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent(key)).toEqual([{ content: 'Old text more' }]);
  });

  it('shows the server’s refusal of the title beside it, and stays open', async () => {
    const { onClose } = setup(9, {
      ...apiError(400, ErrorCode.badRequest, communityEditMessages.titleLocked, {
        title: communityEditMessages.titleLocked,
      }),
    } as never);
    await userEvent.type(screen.getByLabelText('Title'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(communityEditMessages.titleLocked)).toBeVisible();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cancels with Escape or Cancel, sending nothing', async () => {
    const { api, onClose } = setup(1);
    await userEvent.type(screen.getByLabelText('Content'), '{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(api.sent(key)).toEqual([]);
  });
});
