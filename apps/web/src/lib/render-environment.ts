/**
 * The moment and the origin a render reads. In the browser they are the clock and the page's
 * origin, except while hydrating a server-rendered page, when they are the ones the server
 * rendered with (lib/server-rendered.ts), so relative times and link targets come out the same.
 * The server sets them before each render, which is synchronous (entry-server.tsx).
 */
let rendered: { at: number; origin: string } | null = null;

export function setRenderEnvironment(environment: { at: number; origin: string } | null) {
  rendered = environment;
}

/** The server's moment while hydrating; null in the browser otherwise (use the clock). */
export function renderedAt(): number | null {
  return rendered?.at ?? null;
}

export function currentOrigin(): string {
  return rendered?.origin ?? window.location.origin;
}
