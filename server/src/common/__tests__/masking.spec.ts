import { describe, expect, it } from 'vitest';
import { isSensitiveName, maskSecret } from '../masking.js';

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
