import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedParagraphs } from './linkified-text.tsx';

describe('LinkifiedParagraphs', () => {
  it('shows each line as a paragraph with its links opening safely in a new tab', () => {
    const { container } = render(
      <LinkifiedParagraphs text={'First line\nDocs at https://example.com/docs.'} />,
    );
    expect(container.querySelectorAll('p')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'https://example.com/docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });

  it('shows markup as the text it is', () => {
    const { container } = render(
      <LinkifiedParagraphs text={'<b>bold</b> <img src=x onerror=alert(1)>'} />,
    );
    expect(screen.getByText('<b>bold</b> <img src=x onerror=alert(1)>')).toBeVisible();
    expect(container.querySelector('b, img')).toBeNull();
  });
});
