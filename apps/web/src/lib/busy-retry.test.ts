import { ErrorCode } from '@btcp/shared/error-codes';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-client.ts';
import { retryWhenBusy } from './busy-retry.ts';

const busy = (retryAfter: number | null) =>
  new ApiRequestError(503, ErrorCode.unavailable, 'The server is busy.', {}, retryAfter);

describe('retryWhenBusy', () => {
  it('sends the call again after each Retry-After until it is answered', async () => {
    const answers = [busy(3), busy(2), 'stopped'];
    const waits: number[] = [];
    const result = await retryWhenBusy(
      async () => {
        const answer = answers.shift();
        if (answer instanceof Error) throw answer;
        return answer;
      },
      async (seconds) => {
        waits.push(seconds);
      },
    );
    expect(result).toBe('stopped');
    expect(waits).toEqual([3, 2]);
  });

  it('throws any other error at once, and a busy answer after five retries', async () => {
    const refused = new ApiRequestError(404, ErrorCode.noSession, 'This mining session has ended.');
    await expect(
      retryWhenBusy(
        async () => Promise.reject(refused),
        async () => {},
      ),
    ).rejects.toBe(refused);
    // A 503 without Retry-After (a proxy's, say) is not the server's busy answer.
    await expect(
      retryWhenBusy(
        async () => Promise.reject(busy(null)),
        async () => {},
      ),
    ).rejects.toThrow('busy');
    let calls = 0;
    await expect(
      retryWhenBusy(
        async () => {
          calls += 1;
          throw busy(1);
        },
        async () => {},
      ),
    ).rejects.toThrow('busy');
    expect(calls).toBe(6);
  });
});
