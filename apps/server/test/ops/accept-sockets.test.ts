import { describe, expect, it } from 'vitest';
import { reusePortAvailable } from '#server/ops/accept-sockets.ts';

describe('where a process may listen on sockets of its own (SO_REUSEPORT)', () => {
  it.each([
    ['24.11.0', 'linux', true],
    ['23.1.0', 'linux', true],
    ['22.12.0', 'linux', true],
    ['22.11.0', 'linux', false],
    ['20.19.5', 'linux', false],
    ['24.11.0', 'darwin', false],
  ] as const)('Node %s on %s: %s', (version, platform, expected) => {
    expect(reusePortAvailable(version, platform)).toBe(expected);
  });
});
