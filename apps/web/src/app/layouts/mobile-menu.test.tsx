import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { stubApi } from '#web/test/stub-api.ts';
import { SiteHeader } from './site-header.tsx';

function getMenu(toggle: HTMLElement) {
  const id = toggle.getAttribute('aria-controls');
  const menu = id ? document.getElementById(id) : null;
  if (!menu) throw new Error('the toggle controls no element');
  return menu;
}

describe('mobile menu', () => {
  it('opens and closes from its toggle button', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderRoute(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = getMenu(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    const links = within(menu);
    expect(links.getByRole('link', { name: 'Whitepaper' })).toBeVisible();
    expect(links.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(links.getByRole('link', { name: 'Register' })).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Open menu');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderRoute(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.tab();
    expect(within(getMenu(toggle)).getByRole('link', { name: 'Home' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(getMenu(toggle)).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('closes after following one of its links', async () => {
    stubApi({});
    const user = userEvent.setup();
    const { router } = renderRoute(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.click(within(getMenu(toggle)).getByRole('link', { name: 'Whitepaper' }));
    expect(router.state.location.pathname).toBe('/whitepaper');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(getMenu(toggle)).not.toBeVisible();
  });
});
