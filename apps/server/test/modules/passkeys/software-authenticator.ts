import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { cose, isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey in software, so the tests run the real verification: a P-256 key, authenticator data
 * built byte by byte, `none` attestation in CBOR and ES256 signatures, as a platform
 * authenticator makes them. Each answer can be bent (origin, RP ID, counter, flags) to play an
 * attacker or a broken device.
 */

const FLAG = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 } as const;

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface Ceremony {
  /** The page's origin as the browser would report it; defaults to the test server's. */
  origin?: string;
  /** The RP ID the authenticator signs for; defaults to the one the options name. */
  rpId?: string;
  /** The counter the authenticator reports; by default one more than last time. */
  counter?: number;
  userVerified?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export const TEST_ORIGIN = 'http://localhost';

export class SoftwareAuthenticator {
  readonly credentialId = isoBase64URL.fromBuffer(randomBytes(32));
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;
  /** The user handle the site gave at registration, returned at sign-in. */
  private userHandle: string | undefined;

  private cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const key = new Map<number, number | Uint8Array>([
      [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
      [cose.COSEKEYS.alg, cose.COSEALG.ES256],
      [cose.COSEKEYS.crv, cose.COSECRV.P256],
      [cose.COSEKEYS.x, isoBase64URL.toBuffer(jwk.x ?? '')],
      [cose.COSEKEYS.y, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]);
    return isoCBOR.encode(key);
  }

  private authenticatorData(rpId: string, ceremony: Ceremony, attested: boolean): Buffer {
    const counter = ceremony.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    let flags: number = FLAG.userPresent;
    if (ceremony.userVerified !== false) flags |= FLAG.userVerified;
    if (attested) flags |= FLAG.attested;
    const counterBytes = Buffer.alloc(4);
    counterBytes.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), counterBytes];
    if (attested) {
      const id = isoBase64URL.toBuffer(this.credentialId);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(id.length);
      // An all-zero AAGUID: "no model named", as `none` attestation allows.
      parts.push(Buffer.alloc(16), length, Buffer.from(id), Buffer.from(this.cosePublicKey()));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, ceremony: Ceremony): string {
    const json = JSON.stringify({
      type,
      challenge,
      origin: ceremony.origin ?? TEST_ORIGIN,
      crossOrigin: false,
    });
    return isoBase64URL.fromUTF8String(json);
  }

  /** What `startRegistration()` would send after `navigator.credentials.create()`. */
  register(options: CreationOptions, ceremony: Ceremony = {}) {
    this.userHandle = options.user.id;
    const authData = this.authenticatorData(
      ceremony.rpId ?? options.rp.id ?? 'localhost',
      ceremony,
      true,
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, ceremony),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** What `startAuthentication()` would send after `navigator.credentials.get()`. */
  authenticate(options: RequestOptions, ceremony: Ceremony = {}) {
    const authData = this.authenticatorData(
      ceremony.rpId ?? options.rpId ?? 'localhost',
      ceremony,
      false,
    );
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony);
    const signed = Buffer.concat([authData, sha256(isoBase64URL.toBuffer(clientDataJSON))]);
    const signature = sign('sha256', signed, this.keys.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
