import { DEFAULT_DATED_WORDS } from '@btcp/shared/dated-words-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInAdmin, stubApi } from '#web/test/stub-api.ts';
import { DatedWordsCard } from './dated-words-card.tsx';

const SETTINGS = '/admin/settings/dated-words';

function renderCard(put: Parameters<typeof stubApi>[0][string] = ({ body }) => ({ body })) {
  const api = stubApi(
    { [`GET ${SETTINGS}`]: { body: DEFAULT_DATED_WORDS }, [`PUT ${SETTINGS}`]: put },
    signedInAdmin,
  );
  renderWithToasts(<DatedWordsCard />, { path: '/admin/settings' });
  return { ...api, user: userEvent.setup() };
}

const item = (n: number) => within(screen.getByRole('group', { name: `Roadmap item ${n}` }));

describe('the Dated words card', () => {
  it('shows the stored words and saves the admin’s roadmap, figures and founding day', async () => {
    const { user, sent } = renderCard();
    const badge = await screen.findByLabelText('Mining starts in');
    expect(badge).toHaveValue('Q1 2025');
    expect(item(3).getByLabelText('Date')).toHaveValue('Q4 2024');
    expect(item(3).getByLabelText('Status')).toHaveValue('current');
    expect(screen.getByLabelText('Community founded')).toHaveValue('2023-01-22');

    await user.clear(badge);
    await user.type(badge, 'Q2 2027');
    await user.selectOptions(item(3).getByLabelText('Status'), 'Completed');
    await user.click(screen.getByRole('button', { name: 'Add roadmap item' }));
    await user.type(item(5).getByLabelText('Date'), 'Q1 2027');
    await user.type(item(5).getByLabelText('Title'), 'Wallet transfers');
    await user.type(item(5).getByLabelText('Description'), 'Send BTCP to a friend.');
    await user.click(screen.getByRole('button', { name: 'Move up roadmap item 5' }));
    await user.click(screen.getByRole('button', { name: 'Remove figure 2' }));
    const founded = screen.getByLabelText('Community founded');
    await user.clear(founded);
    await user.type(founded, '2024-03-09');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const [first, second, third, fourth] = DEFAULT_DATED_WORDS.roadmap;
    await waitFor(() =>
      expect(sent(`PUT ${SETTINGS}`)).toEqual([
        {
          miningStart: 'Q2 2027',
          stats: [DEFAULT_DATED_WORDS.stats[0], DEFAULT_DATED_WORDS.stats[2]],
          roadmap: [
            first,
            second,
            { ...third, status: 'completed' },
            {
              date: 'Q1 2027',
              title: 'Wallet transfers',
              description: 'Send BTCP to a friend.',
              status: 'upcoming',
            },
            fourth,
          ],
          communityFounded: '2024-03-09',
        },
      ]),
    );
    expect(await screen.findByText('Dated words saved')).toBeVisible();
    // Typing a whole roadmap item takes a while on a busy machine.
  }, 60_000);

  it('says what is wrong beside the field and sends nothing', async () => {
    const { user, sent } = renderCard();
    const title = await screen
      .findByLabelText('Mining starts in')
      .then(() => item(1).getByLabelText('Title'));
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await item(1).findByText('Enter 1 to 60 characters')).toBeVisible();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(sent(`PUT ${SETTINGS}`)).toEqual([]);
  });

  it('keeps between one and eight roadmap items and one to three figures', async () => {
    const { user } = renderCard();
    const add = await screen.findByRole('button', { name: 'Add roadmap item' });
    for (let i = 0; i < 4; i++) await user.click(add);
    expect(screen.getAllByRole('group', { name: /^Roadmap item \d$/ })).toHaveLength(8);
    expect(add).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add figure' })).toBeDisabled();
    for (let n = 8; n > 1; n--) {
      await user.click(screen.getByRole('button', { name: `Remove roadmap item ${n}` }));
    }
    expect(screen.getByRole('button', { name: 'Remove roadmap item 1' })).toBeDisabled();
  }, 60_000);

  it('shows the server’s refusal on the field it names', async () => {
    const { user } = renderCard(() =>
      apiError(400, 'VALIDATION_FAILED', 'Invalid roadmap.1.title', {
        'roadmap.1.title': 'Enter 1 to 60 characters',
      }),
    );
    await screen.findByLabelText('Mining starts in');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await item(2).findByText('Enter 1 to 60 characters')).toBeVisible();
  });
});
