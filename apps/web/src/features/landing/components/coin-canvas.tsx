import { useEffect, useRef } from 'react';

const SIZE = 300;

/**
 * Fifty coins rising through a 300×300 canvas. Decorative, so it pauses off screen and stays still
 * for visitors who ask for reduced motion.
 */
export function CoinCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    // The drawing comes after hydration, in a chunk of its own (coin-animation.ts).
    void import('./coin-animation.ts').then(({ animateCoins }) => {
      if (!stopped) stop = animateCoins(canvas, SIZE);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      width={SIZE}
      height={SIZE}
      role="img"
      aria-label="BTCP coins rising and spinning"
      // The soft round edge keeps coins from being clipped by a hard square border.
      className="block size-[300px] [mask-image:radial-gradient(circle,#000_58%,transparent_71%)]"
    />
  );
}
