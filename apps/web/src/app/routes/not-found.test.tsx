import { NOT_FOUND_TITLE } from '@btcp/shared/paths';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { Component as NotFound } from './not-found.tsx';

describe('not-found page', () => {
  it('says the page is missing and leads home', async () => {
    renderRoute(<NotFound />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe(NOT_FOUND_TITLE));
  });
});
