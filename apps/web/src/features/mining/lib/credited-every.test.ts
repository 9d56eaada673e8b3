import { creditedEvery } from '@btcp/shared/mining';
import { describe, expect, it } from 'vitest';

describe('creditedEvery', () => {
  it('says the reward interval as people say it', () => {
    expect(creditedEvery(60)).toBe('every minute');
    expect(creditedEvery(30)).toBe('every 30 seconds');
    expect(creditedEvery(1)).toBe('every second');
    expect(creditedEvery(120)).toBe('every 2 minutes');
    expect(creditedEvery(90)).toBe('every 90 seconds');
    expect(creditedEvery(3600)).toBe('every hour');
    expect(creditedEvery(7200)).toBe('every 2 hours');
  });
});
