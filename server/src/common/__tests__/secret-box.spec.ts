import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../keys.js';
import { SecretBox, SecretBoxError } from '../secret-box.js';

const box = SecretBox.fromRootSecret(Buffer.from('a-root-secret-that-is-long-enough-for-tests'));

describe('SecretBox', () => {
  it.each(['', 'dckr_pat_1234567890', 'ünïcødé ✓ 🚀', 'x'.repeat(10_000)])('round-trips %j', (plaintext) => {
    expect(box.open(box.seal(plaintext))).toBe(plaintext);
  });

  it('writes the versioned text format and never the plaintext', () => {
    const sealed = box.seal('ghp_supersecrettoken');
    expect(sealed).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(sealed).not.toContain('supersecret');
  });

  it('uses a fresh IV for every value, so equal plaintexts seal differently', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('binds a value to its context', () => {
    const sealed = box.seal('token', 'settings:user-1:GITHUB_TOKEN');
    expect(box.open(sealed, 'settings:user-1:GITHUB_TOKEN')).toBe('token');
    expect(() => box.open(sealed, 'settings:user-2:GITHUB_TOKEN')).toThrow(SecretBoxError);
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
  });

  it('refuses values sealed under another key', () => {
    const other = new SecretBox(randomBytes(32));
    expect(() => other.open(box.seal('secret'))).toThrow(SecretBoxError);
  });

  it('derives its key from the root secret, apart from the token-signing key', () => {
    const root = Buffer.from('another-root-secret-that-is-long-enough');
    const sealed = SecretBox.fromRootSecret(root).seal('value');
    expect(SecretBox.fromRootSecret(root).open(sealed)).toBe('value');
    expect(() => new SecretBox(deriveKey(root, 'token-signing')).open(sealed)).toThrow(SecretBoxError);
    expect(() => new SecretBox(root.subarray(0, 31))).toThrow('SecretBox needs a 256-bit key');
  });

  it.each([
    ['tampered ciphertext', (s: string) => s.slice(0, -2) + (s.endsWith('AA') ? 'BB' : 'AA')],
    ['tampered tag', (s: string) => s.split(':').map((p, i) => (i === 2 ? Buffer.alloc(16).toString('base64url') : p)).join(':')],
    ['unknown version', (s: string) => s.replace(/^v1/, 'v2')],
    ['missing parts', (s: string) => s.split(':').slice(0, 3).join(':')],
    ['short IV', () => 'v1:AAAA:AAAAAAAAAAAAAAAAAAAAAA:AAAA'],
    ['plain text', () => 'not sealed at all'],
  ])('rejects %s with SecretBoxError', (_label, corrupt) => {
    expect(() => box.open(corrupt(box.seal('a secret value')))).toThrow(SecretBoxError);
  });
});
