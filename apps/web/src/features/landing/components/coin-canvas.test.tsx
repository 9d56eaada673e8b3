import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaPreferences } from '#web/test/setup.ts';
import { CoinCanvas } from './coin-canvas.tsx';

/** Enough of a 2D context to draw with; jsdom has none. */
function fakeContext() {
  return {
    setTransform: vi.fn(),
    clearRect: vi.fn(),
    drawImage: vi.fn(),
    createRadialGradient: vi.fn(() => ({ addColorStop: vi.fn() })),
    beginPath: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(),
    stroke: vi.fn(),
    fillText: vi.fn(),
  } as unknown as CanvasRenderingContext2D;
}

describe('CoinCanvas', () => {
  let context: CanvasRenderingContext2D;
  const requestFrame = vi.fn(() => 7);
  const cancelFrame = vi.fn();

  beforeEach(() => {
    context = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context);
    vi.stubGlobal('requestAnimationFrame', requestFrame);
    vi.stubGlobal('cancelAnimationFrame', cancelFrame);
    vi.stubGlobal('devicePixelRatio', 2);
    requestFrame.mockClear();
    cancelFrame.mockClear();
  });

  it('is an image with a description, 300 px square at the screen’s pixel density', async () => {
    render(<CoinCanvas />);
    const canvas = screen.getByRole('img', { name: 'BTCP coins rising and spinning' });
    await waitFor(() => expect(canvas).toHaveAttribute('width', '600'));
    expect(canvas).toHaveAttribute('height', '600');
    expect(context.setTransform).toHaveBeenCalledWith(2, 0, 0, 2, 0, 0);
  });

  it('draws fifty coins and animates them until unmounted', async () => {
    const { unmount } = render(<CoinCanvas />);
    await waitFor(() => expect(requestFrame).toHaveBeenCalledTimes(1));
    expect(context.drawImage).toHaveBeenCalledTimes(50);
    unmount();
    expect(cancelFrame).toHaveBeenCalledWith(7);
  });

  it('draws once and stays still when reduced motion is asked for', async () => {
    mediaPreferences.reducedMotion = true;
    render(<CoinCanvas />);
    await waitFor(() => expect(context.drawImage).toHaveBeenCalledTimes(50));
    expect(requestFrame).not.toHaveBeenCalled();
  });
});
