/**
 * Spec section 5 (and 9) rules for projects, shared by the create wizard and the edit form.
 * Messages are the spec's, word for word; the server enforces the same rules with the same texts.
 */
export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 500;
/** The description counter appears once the text is longer than this. */
export const DESCRIPTION_COUNTER_THRESHOLD = 400;

export const MASK_CHARACTER = '•';
/** A masked value shows at most this many bullets. */
export const MAX_MASK_BULLETS = 20;
/** A masked default value shows at most this many bullets. */
export const MAX_DEFAULT_MASK_BULLETS = 10;

const NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;
const SENSITIVE_PARTS = ['key', 'secret', 'password', 'token', 'auth', 'api_key', 'access_token', 'private'];

/** The error for a project name (checked trimmed), or undefined when it is valid. */
export function validateProjectName(value: string | undefined | null): string | undefined {
  const name = value?.trim() ?? '';
  if (!name) return 'Project name is required';
  if (name.length < MIN_NAME_LENGTH) return 'Project name must be at least 2 characters';
  if (name.length > MAX_NAME_LENGTH) return 'Project name must be less than 100 characters';
  if (!NAME_PATTERN.test(name)) {
    return 'Project name can only contain letters, numbers, spaces, hyphens, and underscores';
  }
  return undefined;
}

/** The error for a description, or undefined when it is valid (it is optional). */
export function validateDescription(value: string | undefined | null): string | undefined {
  if ((value ?? '').length > MAX_DESCRIPTION_LENGTH) return 'Description must be less than 500 characters';
  return undefined;
}

export function showsDescriptionCounter(value: string | undefined | null): boolean {
  return (value ?? '').length > DESCRIPTION_COUNTER_THRESHOLD;
}

/** Tags trimmed, empty ones dropped, duplicates dropped (the first one kept), order kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
}

/** The list with the candidate added, unless it is blank or already there. */
export function addTag(tags: readonly string[], candidate: string): string[] {
  return normalizeTags([...tags, candidate]);
}

/** Spec section 5: a variable is sensitive when its name contains one of these words, in any case. */
export function isSensitiveName(name: string): boolean {
  const lower = name.toLowerCase();
  return SENSITIVE_PARTS.some((part) => lower.includes(part));
}

/** One bullet per character, at most `maxBullets`; nothing of the value is shown. */
export function maskValue(value: string, maxBullets: number = MAX_MASK_BULLETS): string {
  return MASK_CHARACTER.repeat(Math.min([...value].length, maxBullets));
}

export function maskDefaultValue(value: string): string {
  return maskValue(value, MAX_DEFAULT_MASK_BULLETS);
}
