/**
 * Spec section 5 (and 9) rules for projects, with their messages word for word: the create wizard and the
 * edit form check them as the user types, the server checks them again on every call.
 */
export const MIN_PROJECT_NAME_LENGTH = 2;
export const MAX_PROJECT_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;
export const MAX_REPOSITORY_URL_LENGTH = 500;
export const MAX_ENVIRONMENT_VARIABLES = 100;
export const MAX_VARIABLE_NAME_LENGTH = 128;
export const MAX_VARIABLE_VALUE_LENGTH = 10_000;

const PROJECT_NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;
/** Environment variable names, in projects and in template metadata. */
export const ENVIRONMENT_VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The error for a project name (checked trimmed), or undefined when it is valid. */
export function projectNameError(value: string | undefined | null): string | undefined {
  const name = value?.trim() ?? '';
  if (!name) return 'Project name is required';
  if (name.length < MIN_PROJECT_NAME_LENGTH) return 'Project name must be at least 2 characters';
  if (name.length > MAX_PROJECT_NAME_LENGTH) return 'Project name must be less than 100 characters';
  if (!PROJECT_NAME_PATTERN.test(name)) {
    return 'Project name can only contain letters, numbers, spaces, hyphens, and underscores';
  }
  return undefined;
}

/** The error for a description (optional), or undefined when it is valid. */
export function descriptionError(value: string | undefined | null): string | undefined {
  if ((value ?? '').length > MAX_DESCRIPTION_LENGTH) return 'Description must be less than 500 characters';
  return undefined;
}

/** Tags trimmed, empty ones dropped, duplicates dropped (the first spelling kept), order kept. */
export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
}

/** The error for a normalized tag list, or undefined when it is valid. */
export function tagsError(tags: readonly string[]): string | undefined {
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return `Tags must be at most ${MAX_TAG_LENGTH} characters`;
  if (tags.length > MAX_TAGS) return `A project can have at most ${MAX_TAGS} tags`;
  return undefined;
}
