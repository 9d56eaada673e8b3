import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** A toast with these texts (title, then description) is on screen. */
export async function expectToast(...texts: string[]) {
  await waitFor(() => {
    for (const text of texts) expect(screen.getByText(text)).toBeVisible();
  });
}
