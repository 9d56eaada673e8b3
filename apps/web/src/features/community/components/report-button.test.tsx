import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute, renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubResizeObserver } from '#web/test/stub-resize-observer.ts';
import { ReportButton } from './report-button.tsx';

const postId = '00000000-0000-4000-8000-000000000001';
const reports = `POST /community/posts/${postId}/reports`;

describe('ReportButton', () => {
  beforeEach(() => stubResizeObserver());

  it('is not offered to visitors, nor on one’s own post', async () => {
    stubApi({});
    renderRoute(<ReportButton itemType="post" itemId={postId} isMine={false} />);
    stubApi({}, signedInUser);
    renderRoute(<ReportButton itemType="post" itemId={postId} isMine />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Report post' })).not.toBeInTheDocument();
  });

  it('sends the chosen rule and thanks the member', async () => {
    const api = stubApi(
      { [reports]: { status: 201, body: { id: 'r1', createdAt: '' } } },
      signedInUser,
    );
    renderWithToasts(<ReportButton itemType="post" itemId={postId} isMine={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'No spam or self-promotion.' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks, the moderators will take a look.')).toBeVisible();
    expect(api.sent(reports)).toEqual([{ reason: 'rule2' }]);
  });

  it('asks for words with Other, and says when the item was already reported', async () => {
    const api = stubApi(
      { [reports]: apiError(409, 'CONFLICT', 'You have already reported this.') },
      signedInUser,
    );
    renderWithToasts(<ReportButton itemType="post" itemId={postId} isMine={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Report post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report post' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Tell us what is wrong');
    expect(api.sent(reports)).toEqual([]);
    await userEvent.type(
      within(dialog).getByLabelText('Tell the moderators what is wrong'),
      'Scam',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('You have already reported this.')).toBeVisible();
    expect(api.sent(reports)).toEqual([{ reason: 'other', details: 'Scam' }]);
  });
});
