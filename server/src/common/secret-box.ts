import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './keys.js';

const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that cannot be opened: corrupt, sealed under another key, or moved to another context. */
export class SecretBoxError extends Error {
  constructor() {
    super('Encrypted value cannot be decrypted');
  }
}

/**
 * AES-256-GCM for secrets at rest (settings values, sensitive project environment variables).
 * Sealed text is `v1:<iv>:<tag>:<ciphertext>` in base64url, with a random 96-bit IV per value.
 * The optional context (for example `settings:<userId>:<key>`) is authenticated but not stored, so a
 * sealed value copied into another row fails to open instead of leaking there.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 256-bit key');
  }

  static fromRootSecret(rootSecret: Buffer): SecretBox {
    return new SecretBox(deriveKey(rootSecret, 'secret-encryption'));
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
  }

  open(sealed: string, context = ''): string {
    const parts = sealed.split(':');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError();
    const [, iv, tag, ciphertext] = parts.map((part) => Buffer.from(part, 'base64url'));
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError();
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError();
    }
  }
}
