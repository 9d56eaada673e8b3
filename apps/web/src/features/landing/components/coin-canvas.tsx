import { useEffect, useRef } from 'react';

const SIZE = 300;
const COIN_COUNT = 50;
/** The largest coin's radius; the sprite is drawn once at this size and scaled down per coin. */
const MAX_RADIUS = 15;

interface Coin {
  x: number;
  y: number;
  radius: number;
  speed: number;
  drift: number;
  spin: number;
  phase: number;
}

function createCoin(random: () => number, anywhere: boolean): Coin {
  const radius = 5 + random() * (MAX_RADIUS - 5);
  return {
    x: random() * SIZE,
    y: anywhere ? random() * SIZE : SIZE + radius,
    radius,
    // Bigger coins move faster, which reads as nearer.
    speed: 0.25 + (radius / MAX_RADIUS) * 0.6,
    drift: (random() - 0.5) * 0.4,
    spin: 0.02 + random() * 0.04,
    phase: random() * Math.PI * 2,
  };
}

function createCoinSprite(scale: number): HTMLCanvasElement | null {
  const sprite = document.createElement('canvas');
  const size = Math.ceil(MAX_RADIUS * 2 * scale);
  sprite.width = size;
  sprite.height = size;
  const ctx = sprite.getContext('2d');
  if (!ctx) return null;
  const r = size / 2;
  const face = ctx.createRadialGradient(r * 0.7, r * 0.6, r * 0.1, r, r, r);
  face.addColorStop(0, '#fef3c7');
  face.addColorStop(0.45, '#fbbf24');
  face.addColorStop(1, '#b45309');
  ctx.fillStyle = face;
  ctx.beginPath();
  ctx.arc(r, r, r - scale, 0, Math.PI * 2);
  ctx.fill();
  ctx.lineWidth = 1.5 * scale;
  ctx.strokeStyle = '#92400e';
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(r, r, r * 0.72, 0, Math.PI * 2);
  ctx.strokeStyle = 'rgba(146, 64, 14, 0.55)';
  ctx.stroke();
  ctx.fillStyle = '#78350f';
  // A plain B: the ₿ sign is missing from many system fonts and would draw as an empty box.
  ctx.font = `bold ${Math.round(r * 1.1)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('B', r, r + scale);
  return sprite;
}

function drawCoins(ctx: CanvasRenderingContext2D, sprite: HTMLCanvasElement, coins: Coin[]) {
  ctx.clearRect(0, 0, SIZE, SIZE);
  for (const coin of coins) {
    // Squeezing the width by |cos| makes the coin look as if it flips round its vertical axis.
    const width = Math.max(0.08, Math.abs(Math.cos(coin.phase))) * coin.radius;
    ctx.globalAlpha = 0.55 + (coin.radius / MAX_RADIUS) * 0.45;
    ctx.drawImage(sprite, coin.x - width, coin.y - coin.radius, width * 2, coin.radius * 2);
  }
  ctx.globalAlpha = 1;
}

function moveCoins(coins: Coin[], step: number) {
  for (const [i, coin] of coins.entries()) {
    coin.y -= coin.speed * step;
    coin.x += coin.drift * step;
    coin.phase += coin.spin * step;
    const gone = coin.y < -coin.radius || coin.x < -coin.radius || coin.x > SIZE + coin.radius;
    if (gone) coins[i] = createCoin(Math.random, false);
  }
}

/**
 * Fifty coins rising through a 300×300 canvas. Decorative, so it pauses off screen and stays still
 * for visitors who ask for reduced motion.
 */
export function CoinCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const scale = Math.min(window.devicePixelRatio || 1, 3);
    canvas.width = SIZE * scale;
    canvas.height = SIZE * scale;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    const sprite = createCoinSprite(scale);
    if (!sprite) return;
    const coins = Array.from({ length: COIN_COUNT }, () => createCoin(Math.random, true));
    drawCoins(ctx, sprite, coins);

    const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reducedMotion) return;

    let frame = 0;
    let last = 0;
    const tick = (now: number) => {
      // Steps are in 60 fps frames, capped so a long pause does not make the coins jump.
      const step = last ? Math.min((now - last) / (1000 / 60), 3) : 1;
      last = now;
      moveCoins(coins, step);
      drawCoins(ctx, sprite, coins);
      frame = requestAnimationFrame(tick);
    };
    const start = () => {
      if (frame) return;
      last = 0;
      frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };

    if (typeof IntersectionObserver === 'undefined') {
      start();
      return stop;
    }
    const observer = new IntersectionObserver(([entry]) =>
      entry?.isIntersecting ? start() : stop(),
    );
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      stop();
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
