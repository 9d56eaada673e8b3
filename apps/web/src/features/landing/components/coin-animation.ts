/**
 * The landing page's rising coins, drawn on the hero's canvas (coin-canvas.tsx). A module of its
 * own, loaded once the page has hydrated: a decoration the first visit's JavaScript need not carry
 * (docs/decisions/051).
 */

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

function createCoin(random: () => number, anywhere: boolean, size: number): Coin {
  const radius = 5 + random() * (MAX_RADIUS - 5);
  return {
    x: random() * size,
    y: anywhere ? random() * size : size + radius,
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

function drawCoins(
  ctx: CanvasRenderingContext2D,
  sprite: HTMLCanvasElement,
  coins: Coin[],
  size: number,
) {
  ctx.clearRect(0, 0, size, size);
  for (const coin of coins) {
    // Squeezing the width by |cos| makes the coin look as if it flips round its vertical axis.
    const width = Math.max(0.08, Math.abs(Math.cos(coin.phase))) * coin.radius;
    ctx.globalAlpha = 0.55 + (coin.radius / MAX_RADIUS) * 0.45;
    ctx.drawImage(sprite, coin.x - width, coin.y - coin.radius, width * 2, coin.radius * 2);
  }
  ctx.globalAlpha = 1;
}

function moveCoins(coins: Coin[], step: number, size: number) {
  for (const [i, coin] of coins.entries()) {
    coin.y -= coin.speed * step;
    coin.x += coin.drift * step;
    coin.phase += coin.spin * step;
    const gone = coin.y < -coin.radius || coin.x < -coin.radius || coin.x > size + coin.radius;
    if (gone) coins[i] = createCoin(Math.random, false, size);
  }
}

/**
 * Draws fifty coins on a `size`×`size` canvas and moves them on every frame while it is on screen;
 * they stay still for visitors who ask for reduced motion. Returns what stops them.
 */
export function animateCoins(canvas: HTMLCanvasElement, size: number): (() => void) | undefined {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const scale = Math.min(window.devicePixelRatio || 1, 3);
  canvas.width = size * scale;
  canvas.height = size * scale;
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  const sprite = createCoinSprite(scale);
  if (!sprite) return;
  const coins = Array.from({ length: COIN_COUNT }, () => createCoin(Math.random, true, size));
  drawCoins(ctx, sprite, coins, size);

  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reducedMotion) return;

  let frame = 0;
  let last = 0;
  const tick = (now: number) => {
    // Steps are in 60 fps frames, capped so a long pause does not make the coins jump.
    const step = last ? Math.min((now - last) / (1000 / 60), 3) : 1;
    last = now;
    moveCoins(coins, step, size);
    drawCoins(ctx, sprite, coins, size);
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
}
