import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  return within(screen.getByRole('contentinfo'));
}

describe('SiteFooter', () => {
  afterEach(() => vi.useRealTimers());

  it('dates the copyright line with the current year', () => {
    vi.useFakeTimers({ now: new Date('2031-06-15T12:00:00Z'), toFake: ['Date'] });
    const footer = renderFooter();
    expect(footer.getByText('© 2031 BTCP. All rights reserved.')).toBeInTheDocument();
  });

  it('has the Platform, Community and Resources columns', () => {
    const footer = renderFooter();
    for (const title of ['Platform', 'Community', 'Resources']) {
      expect(footer.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
    expect(footer.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/wallet');
    expect(footer.getByRole('link', { name: 'Proof of balances' })).toHaveAttribute(
      'href',
      '/proof',
    );
    expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it('names its icon links and keeps external links from reaching back', () => {
    const footer = renderFooter();
    for (const name of ['BTCP on X', 'BTCP on Telegram', 'BTCP on GitHub']) {
      expect(footer.getByRole('link', { name })).toBeInTheDocument();
    }
    const external = footer
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('http'));
    expect(external.length).toBeGreaterThan(0);
    for (const link of external) {
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
