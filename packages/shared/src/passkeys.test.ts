import { describe, expect, it } from 'vitest';
import { AuthenticationResponseSchema } from './passkeys.ts';

const b64 = (characters: number) => 'A'.repeat(characters);

describe('AuthenticationResponseSchema', () => {
  it('takes the signature of a post-quantum passkey (ML-DSA-87: 4,627 bytes)', () => {
    const answer = {
      id: b64(43),
      rawId: b64(43),
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(200),
        authenticatorData: b64(50),
        signature: b64(Math.ceil((4627 * 4) / 3)),
      },
    };
    expect(AuthenticationResponseSchema.safeParse(answer).error).toBeUndefined();
    answer.response.signature = b64(8193);
    expect(AuthenticationResponseSchema.safeParse(answer).success).toBe(false);
  });
});
