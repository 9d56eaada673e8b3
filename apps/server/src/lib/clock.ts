/** Time comes from here, so tests can move it (mining rewards, link expiry) without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
