import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

export const publicUrl = 'https://portal.example.edu';
const origin = publicUrl;
const rpId = 'portal.example.edu';

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const uint32 = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n);
  return bytes;
};
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

const flags = { userPresent: 0x01, userVerified: 0x04, attestedCredential: 0x40 };

/**
 * A software authenticator: a P-256 key, attestation `none`, assertions signed by hand the way
 * a platform authenticator signs them (authenticator data, then the hash of the client data).
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: JsonWebKey;
  counter = 0;
  userHandle = '';

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' });
  }

  get id() {
    return b64(this.credentialId);
  }

  private coseKey() {
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(this.publicJwk.x!)],
        [-3, isoBase64URL.toBuffer(this.publicJwk.y!)],
      ]),
    );
  }

  private clientData(type: string, challenge: string, from: string) {
    return new TextEncoder().encode(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  }

  register(options: { challenge: string; user: { id: string } }, from = origin) {
    this.userHandle = options.user.id;
    const idLength = new Uint8Array([0, this.credentialId.length]);
    const authData = concat(
      sha256(rpId),
      new Uint8Array([flags.userPresent | flags.userVerified | flags.attestedCredential]),
      uint32(this.counter),
      new Uint8Array(16),
      idLength,
      this.credentialId,
      this.coseKey(),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, from)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** An assertion; `as` claims another credential's id, `counter` overrides the next count. */
  assert(challenge: string, options: { from?: string; as?: string; counter?: number } = {}) {
    this.counter = options.counter ?? this.counter + 1;
    const authData = concat(
      sha256(rpId),
      new Uint8Array([flags.userPresent | flags.userVerified]),
      uint32(this.counter),
    );
    const clientDataJSON = this.clientData('webauthn.get', challenge, options.from ?? origin);
    const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), this.privateKey);
    const id = options.as ?? this.id;
    return {
      id,
      rawId: id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(new Uint8Array(signature)),
        userHandle: this.userHandle,
      },
    };
  }
}
