/** The one masking rule for secrets, on screen and in API answers (spec section 2, Settings; section 9: at most 20 bullets). */
export const MASK_CHARACTER = '•';
export const MAX_MASK_BULLETS = 20;
/** A template's masked default value shows at most this many bullets. */
export const MAX_DEFAULT_MASK_BULLETS = 10;
const VISIBLE_SUFFIX = 4;

/** Bullets for all but the last 4 characters; a value of 4 characters or fewer is fully masked. */
export function maskSecret(value: string): string {
  const characters = [...value];
  if (characters.length <= VISIBLE_SUFFIX) return MASK_CHARACTER.repeat(characters.length);
  const hidden = Math.min(characters.length - VISIBLE_SUFFIX, MAX_MASK_BULLETS);
  return MASK_CHARACTER.repeat(hidden) + characters.slice(-VISIBLE_SUFFIX).join('');
}

/** One bullet per character, at most `maxBullets`; nothing of the value is shown (sensitive environment variables). */
export function maskValue(value: string, maxBullets: number = MAX_MASK_BULLETS): string {
  return MASK_CHARACTER.repeat(Math.min([...value].length, maxBullets));
}

const SENSITIVE_PARTS = ['key', 'secret', 'password', 'token', 'auth', 'api_key', 'access_token', 'private'];

/** Spec section 5: a variable is sensitive when its name contains one of these words, in any case. */
export function isSensitiveName(name: string): boolean {
  const lower = name.toLowerCase();
  return SENSITIVE_PARTS.some((part) => lower.includes(part));
}

/** What a secret value becomes in build logs. */
export const LOG_MASK = '***';
/** Shorter values of sensitive variables are left in build logs: hiding 'on' or '1' everywhere would garble them. */
export const MIN_LOG_MASKED_LENGTH = 4;

/**
 * The values build logs hide: those of the project's sensitive variables (spec section 5) that have at least
 * MIN_LOG_MASKED_LENGTH characters, longest first (so a value inside another goes too). Other variables' values
 * (CORS_ORIGIN=*, NODE_ENV=production) stay readable.
 */
export function logSecretsOf(environment: Readonly<Record<string, string>>): string[] {
  const values = Object.entries(environment)
    .filter(([name, value]) => isSensitiveName(name) && [...value].length >= MIN_LOG_MASKED_LENGTH)
    .map(([, value]) => value);
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** Replaces each of `secrets` (logSecretsOf) in a log text with LOG_MASK. */
export function maskLogSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((masked, secret) => masked.split(secret).join(LOG_MASK), text);
}
