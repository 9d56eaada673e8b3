import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditedLabel } from './edited-label.tsx';

describe('EditedLabel', () => {
  it('shows nothing for an item never edited', () => {
    const { container } = render(<EditedLabel editedAt={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says "edited", with the exact time on hover and how long ago for screen readers', () => {
    const editedAt = new Date(Date.now() - 3 * 60_000 - 5_000).toISOString();
    render(<EditedLabel editedAt={editedAt} />);
    const time = screen.getByText('edited', { exact: false, selector: 'time' });
    expect(time).toHaveTextContent('edited 3 minutes ago');
    expect(time).toHaveAttribute('datetime', editedAt);
    expect(time.getAttribute('title')).toMatch(/^Edited .+ at .+/);
    // Only "edited" is seen; the rest is for screen readers.
    expect(screen.getByText('3 minutes ago', { exact: false })).toHaveClass('sr-only');
  });
});
