import { ValidationError } from '../../common/validation.js';
import { ENVIRONMENT_VARIABLE_NAME } from '../templates/template-catalog.js';
import { ProjectStatus, isProjectStatus } from './project-status.js';

/** Spec section 5 (and 9) rules for projects, with the client's messages, enforced on the server. */
export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 100;
export const MAX_DESCRIPTION_LENGTH = 500;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;
export const MAX_REPOSITORY_URL_LENGTH = 500;
export const MAX_ENVIRONMENT_VARIABLES = 100;
export const MAX_VARIABLE_NAME_LENGTH = 128;
export const MAX_VARIABLE_VALUE_LENGTH = 10_000;

const NAME_PATTERN = /^[A-Za-z0-9 _-]+$/;

export function validateProjectName(value: unknown): string {
  if (value === undefined || value === null) throw new ValidationError('Project name is required');
  if (typeof value !== 'string') throw new ValidationError('Project name must be a string');
  const name = value.trim();
  if (!name) throw new ValidationError('Project name is required');
  if (name.length < MIN_NAME_LENGTH) throw new ValidationError('Project name must be at least 2 characters');
  if (name.length > MAX_NAME_LENGTH) throw new ValidationError('Project name must be less than 100 characters');
  if (!NAME_PATTERN.test(name)) {
    throw new ValidationError('Project name can only contain letters, numbers, spaces, hyphens, and underscores');
  }
  return name;
}

export function validateDescription(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new ValidationError('Description must be a string');
  const description = value.trim();
  if (description.length > MAX_DESCRIPTION_LENGTH) throw new ValidationError('Description must be less than 500 characters');
  return description;
}

/** Trimmed, empty ones dropped, duplicates dropped (first spelling kept), order kept. */
export function validateTags(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) {
    throw new ValidationError('Tags must be a list of strings');
  }
  const tags = [...new Set(value.map((tag: string) => tag.trim()).filter(Boolean))];
  const long = tags.find((tag) => tag.length > MAX_TAG_LENGTH);
  if (long) throw new ValidationError(`Tags must be at most ${MAX_TAG_LENGTH} characters`);
  if (tags.length > MAX_TAGS) throw new ValidationError(`A project can have at most ${MAX_TAGS} tags`);
  return tags;
}

export function validateStatus(value: unknown): ProjectStatus {
  if (!isProjectStatus(value)) throw new ValidationError('Status must be either active or inactive');
  return value;
}

/** null or blank clears the URL; otherwise an http(s) URL. */
export function validateRepositoryUrl(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ValidationError('Repository URL must be a string');
  const url = value.trim();
  if (!url) return null;
  if (url.length > MAX_REPOSITORY_URL_LENGTH) throw new ValidationError('Repository URL must be at most 500 characters');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError('Repository URL must be a valid http or https URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ValidationError('Repository URL must be a valid http or https URL');
  }
  return url;
}

/**
 * A name-to-value map, from REST's {NAME: value} object or GraphQL's [{name, value}] list.
 * Names are trimmed and must be unique; values are kept as given (numbers and booleans become text).
 * Messages name the variable but never echo a value.
 */
export function parseEnvironmentVariables(value: unknown): Record<string, string> {
  let pairs: Array<[unknown, unknown]>;
  if (Array.isArray(value)) {
    pairs = value.map((entry: { name?: unknown; value?: unknown } | null) => [entry?.name, entry?.value]);
  } else if (typeof value === 'object' && value !== null) {
    pairs = Object.entries(value);
  } else {
    throw new ValidationError('Environment variables must be an object mapping names to values');
  }
  if (pairs.length > MAX_ENVIRONMENT_VARIABLES) {
    throw new ValidationError(`A project can have at most ${MAX_ENVIRONMENT_VARIABLES} environment variables`);
  }
  const variables = new Map<string, string>();
  for (const [rawName, rawValue] of pairs) {
    const name = typeof rawName === 'string' ? rawName.trim() : '';
    if (!name) throw new ValidationError('Environment variable name is required');
    if (name.length > MAX_VARIABLE_NAME_LENGTH) {
      throw new ValidationError(`Environment variable names must be at most ${MAX_VARIABLE_NAME_LENGTH} characters`);
    }
    if (!ENVIRONMENT_VARIABLE_NAME.test(name)) {
      throw new ValidationError(
        `Environment variable name "${name}" is invalid: use letters, numbers and underscores, not starting with a number`,
      );
    }
    if (variables.has(name)) throw new ValidationError(`Environment variable "${name}" is defined more than once`);
    if (typeof rawValue !== 'string' && typeof rawValue !== 'number' && typeof rawValue !== 'boolean') {
      throw new ValidationError(`Environment variable "${name}" must have a text value`);
    }
    const text = String(rawValue);
    if (text.length > MAX_VARIABLE_VALUE_LENGTH) {
      throw new ValidationError(`Environment variable "${name}" must be at most ${MAX_VARIABLE_VALUE_LENGTH} characters`);
    }
    variables.set(name, text);
  }
  return Object.fromEntries(variables);
}
