import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { signedInAdmin, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { SiteHeader } from './site-header.tsx';

/** The bar above the mobile menu; the menu repeats the same links once opened. */
function desktopBar() {
  const bar = screen.getByRole('banner').firstElementChild;
  if (!(bar instanceof HTMLElement)) throw new Error('header bar missing');
  return within(bar);
}

describe('SiteHeader', () => {
  it('links the brand and the main pages', () => {
    stubApi({});
    renderRoute(<SiteHeader />);
    const bar = desktopBar();
    expect(bar.getByRole('link', { name: 'BTCP' })).toHaveAttribute('href', '/');
    expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(bar.getByRole('link', { name: 'Whitepaper' })).toHaveAttribute('href', '/whitepaper');
    expect(bar.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(bar.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });

  it('offers Login and Register to a signed-out visitor', async () => {
    const { fetchMock } = stubApi({});
    renderRoute(<SiteHeader />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const bar = desktopBar();
    expect(bar.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(bar.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(bar.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('treats a failed session check as signed out', async () => {
    const { fetchMock } = stubApi({
      'GET /auth/session': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoute(<SiteHeader />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(desktopBar().getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows a signed-in user the Dashboard instead', async () => {
    stubApi({}, signedInUser);
    renderRoute(<SiteHeader />);
    const bar = desktopBar();
    expect(await bar.findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(bar.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(bar.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('sends an admin to the admin dashboard', async () => {
    stubApi({}, signedInAdmin);
    renderRoute(<SiteHeader />);
    expect(await desktopBar().findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
  });

  it('marks the current page in the navigation', () => {
    stubApi({});
    renderRoute(<SiteHeader />, { path: '/whitepaper' });
    const bar = desktopBar();
    expect(bar.getByRole('link', { name: 'Whitepaper' })).toHaveAttribute('aria-current', 'page');
    expect(bar.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });
});
