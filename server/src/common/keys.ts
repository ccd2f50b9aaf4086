import { hkdfSync } from 'node:crypto';

export type KeyPurpose = 'token-signing' | 'secret-encryption';

/** Independent 256-bit keys for each purpose, derived from the one root secret. */
export function deriveKey(rootSecret: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', rootSecret, Buffer.alloc(0), `slipway:${purpose}`, 32));
}
