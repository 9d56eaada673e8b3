import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount } from '#web/test/account-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as AccountPage } from './account.tsx';

/** The two-factor card of /account (decision 027): turning it on, the codes, turning it off. */

const account = anAccount();
const codes = Array.from({ length: 10 }, (_, i) => `abcde-2345${i}`);
const off = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const on = { enabled: true, enabledAt: '2026-11-26T10:00:00.000Z', recoveryCodesLeft: 10 };

describe('two-factor on the account page', () => {
  it('asks for the password, shows the QR code and the key, confirms, and shows the codes once', async () => {
    const user = userEvent.setup();
    let enabled = false;
    let reauthenticated = false;
    const api = stubApi(
      {
        'GET /account': { body: account },
        'GET /account/sessions': { body: { items: [] } },
        'GET /account/two-factor': () => ({ body: enabled ? on : off }),
        'POST /account/two-factor/enrolment': () =>
          reauthenticated
            ? {
                body: {
                  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
                  otpauthUri: 'otpauth://totp/BTCP:miner%40example.com?secret=x',
                  qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
                },
              }
            : apiError(403, 'REAUTHENTICATION_REQUIRED', 'Enter your password again to continue.'),
        'POST /account/reauthenticate': () => {
          reauthenticated = true;
          return { status: 204 };
        },
        'POST /account/two-factor/enrolment/confirm': () => {
          enabled = true;
          return { body: { recoveryCodes: codes } };
        },
        'POST /account/sessions/sign-out-others': { status: 204 },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    expect(await screen.findByText('Off')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse 42');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('img', { name: 'QR code to add BTCP to your authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeVisible();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(screen.getByRole('button', { name: 'Download codes' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));

    expect(await screen.findByText('On')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out everywhere else.')).toBeVisible();
    expect(api.sent('POST /account/two-factor/enrolment/confirm')).toEqual([{ code: '123456' }]);
    expect(api.sent('POST /account/reauthenticate')).toEqual([{ password: 'correct horse 42' }]);
  });

  it('turns it off with the password and a code, and says when the code is wrong', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const api = stubApi(
      {
        'GET /account': { body: { ...account, twoFactorEnabled: true } },
        'GET /account/sessions': { body: { items: [] } },
        'GET /account/two-factor': () => ({ body: tries >= 2 ? off : on }),
        'POST /account/two-factor/disable': () => {
          tries += 1;
          return tries === 1
            ? apiError(400, 'TWO_FACTOR_CODE_INVALID', 'That code is not right.', {
                code: 'That code is not right.',
              })
            : { status: 204 };
        },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    expect(await screen.findByText('Recovery codes left: 10 of 10.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Turn off two-factor authentication',
    });
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse 42');
    await user.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(dialog).findByText('That code is not right.')).toBeVisible();

    await user.clear(within(dialog).getByLabelText('Authentication code'));
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByText('Off')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeVisible();
    expect(api.sent('POST /account/two-factor/disable')).toEqual([
      { password: 'correct horse 42', code: '000000' },
      { password: 'correct horse 42', code: '123456' },
    ]);
  });

  it('asks before new recovery codes void the saved ones, in a dialog that holds the focus', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /account': { body: { ...account, twoFactorEnabled: true } },
        'GET /account/sessions': { body: { items: [] } },
        'GET /account/two-factor': { body: on },
        'POST /account/two-factor/recovery-codes': { body: { recoveryCodes: codes } },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make new recovery codes?' });
    expect(dialog).toHaveTextContent('Your saved recovery codes stop working at once');
    expect(api.sent('POST /account/two-factor/recovery-codes')).toEqual([]);
    // Focus stays inside the dialog while it is open.
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.sent('POST /account/two-factor/recovery-codes')).toEqual([]);
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Make new codes',
      }),
    );
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
    expect(api.sent('POST /account/two-factor/recovery-codes')).toHaveLength(1);
  });
});
