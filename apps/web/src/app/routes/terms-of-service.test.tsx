import { pageTitles } from '@btcp/shared/paths';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { Component as TermsOfService } from './terms-of-service.tsx';

describe('terms of service page', () => {
  it('shows the terms, their date and the privacy policy', async () => {
    renderRoute(<TermsOfService />, { path: '/terms-of-service' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    expect(screen.getByText('Last updated: March 25, 2025')).toBeVisible();
    expect(screen.getByText(/18 years of age or older/)).toBeVisible();
    expect(screen.getByText(/You receive 40 BTCP per successful referral/)).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy Policy' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe(pageTitles.termsOfService));
  });

  it('opens at the top', () => {
    renderRoute(<TermsOfService />, { path: '/terms-of-service' });
    expect(window.scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('opens at the privacy policy when the link points there', () => {
    renderRoute(<TermsOfService />, { path: '/terms-of-service#privacy' });
    const privacy = screen.getByRole('region', { name: 'Privacy Policy' });
    expect(privacy).toHaveAttribute('id', 'privacy');
    expect(privacy.scrollIntoView).toHaveBeenCalled();
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});
