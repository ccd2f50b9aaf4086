import { describe, expect, it } from 'vitest';
import { isSensitiveName, logSecretsOf, maskLogSecrets, maskSecret, maskValue } from './masking.js';

describe('maskSecret', () => {
  it.each([
    ['', ''],
    ['a', '•'],
    ['abcd', '••••'],
    ['abcde', '•bcde'],
    ['dckr_pat_123456', '•••••••••••3456'],
    ['x'.repeat(40) + 'TAIL', '•'.repeat(20) + 'TAIL'],
  ])('masks %j as %j', (value, masked) => {
    expect(maskSecret(value)).toBe(masked);
  });

  it('leaves a masked value as it is, so the Settings form can mask what the server lists', () => {
    expect(maskSecret(maskSecret('dckr_pat_abcdefgh1234'))).toBe(maskSecret('dckr_pat_abcdefgh1234'));
  });
});

describe('isSensitiveName', () => {
  it.each(['API_KEY', 'api_key', 'DATABASE_PASSWORD', 'SESSION_SECRET', 'GITHUB_TOKEN', 'ACCESS_TOKEN', 'OAUTH_CLIENT', 'PRIVATE_CERT', 'MonkeyKey'])(
    '%s is sensitive',
    (name) => expect(isSensitiveName(name)).toBe(true),
  );
  it.each(['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'APP_ENV', 'CORS_ORIGIN'])('%s is not sensitive', (name) => {
    expect(isSensitiveName(name)).toBe(false);
  });
});

describe('maskValue', () => {
  it('shows one bullet per character, at most the limit given', () => {
    expect(maskValue('hunter2')).toBe('•'.repeat(7));
    expect(maskValue('x'.repeat(40))).toBe('•'.repeat(20));
    expect(maskValue('x'.repeat(40), 10)).toBe('•'.repeat(10));
  });
});

describe('build log masking', () => {
  it('hides only the values of sensitive variables, of at least 4 characters, longest first', () => {
    const secrets = logSecretsOf({ API_KEY: 'key-12345', API_KEY_PREFIX: 'key-1', SESSION_SECRET: 'abc', CORS_ORIGIN: '*', NODE_ENV: 'production' });
    expect(secrets).toEqual(['key-12345', 'key-1']);
    expect(maskLogSecrets('production build of key-12345 to builds/* by key-1', secrets)).toBe('production build of *** to builds/* by ***');
  });
});
