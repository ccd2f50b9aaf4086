import {
  ENVIRONMENT_VARIABLE_NAME,
  MAX_ENVIRONMENT_VARIABLES,
  MAX_REPOSITORY_URL_LENGTH,
  MAX_VARIABLE_NAME_LENGTH,
  MAX_VARIABLE_VALUE_LENGTH,
  descriptionError,
  normalizeTags,
  projectNameError,
  tagsError,
} from '@slipway/domain';
import { invalidInput } from '../../common/validation.js';
import { ProjectStatus, isProjectStatus } from './project-status.js';

/**
 * Spec section 5 (and 9) rules for projects, enforced on the server: the shared rules and messages come from
 * @slipway/domain (the forms check the same ones), the checks of untyped input are the server's own.
 * Every error names the input field it is about.
 */
export function validateProjectName(value: unknown): string {
  if (value !== undefined && value !== null && typeof value !== 'string') throw invalidInput('Project name must be a string', 'name');
  const error = projectNameError(value);
  if (error) throw invalidInput(error, 'name');
  return (value as string).trim();
}

export function validateDescription(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalidInput('Description must be a string', 'description');
  const description = value.trim();
  const error = descriptionError(description);
  if (error) throw invalidInput(error, 'description');
  return description;
}

/** Trimmed, empty ones dropped, duplicates dropped (first spelling kept), order kept. */
export function validateTags(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== 'string')) {
    throw invalidInput('Tags must be a list of strings', 'tags');
  }
  const tags = normalizeTags(value);
  const error = tagsError(tags);
  if (error) throw invalidInput(error, 'tags');
  return tags;
}

export function validateStatus(value: unknown): ProjectStatus {
  if (!isProjectStatus(value)) throw invalidInput('Status must be either active or inactive', 'status');
  return value;
}

/** null or blank clears the URL; otherwise an http(s) URL. */
export function validateRepositoryUrl(value: unknown): string | null {
  const invalid = (message: string) => invalidInput(message, 'repositoryUrl');
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid('Repository URL must be a string');
  const url = value.trim();
  if (!url) return null;
  if (url.length > MAX_REPOSITORY_URL_LENGTH) throw invalid('Repository URL must be at most 500 characters');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('Repository URL must be a valid http or https URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw invalid('Repository URL must be a valid http or https URL');
  }
  return url;
}

/**
 * A name-to-value map, from REST's {NAME: value} object or GraphQL's [{name, value}] list.
 * Names are trimmed and must be unique; values are kept as given (numbers and booleans become text).
 * Messages name the variable but never echo a value.
 */
export function parseEnvironmentVariables(value: unknown): Record<string, string> {
  const invalid = (message: string) => invalidInput(message, 'environmentVariables');
  let pairs: Array<[unknown, unknown]>;
  if (Array.isArray(value)) {
    pairs = value.map((entry: { name?: unknown; value?: unknown } | null) => [entry?.name, entry?.value]);
  } else if (typeof value === 'object' && value !== null) {
    pairs = Object.entries(value);
  } else {
    throw invalid('Environment variables must be an object mapping names to values');
  }
  if (pairs.length > MAX_ENVIRONMENT_VARIABLES) {
    throw invalid(`A project can have at most ${MAX_ENVIRONMENT_VARIABLES} environment variables`);
  }
  const variables = new Map<string, string>();
  for (const [rawName, rawValue] of pairs) {
    const name = typeof rawName === 'string' ? rawName.trim() : '';
    if (!name) throw invalid('Environment variable name is required');
    if (name.length > MAX_VARIABLE_NAME_LENGTH) {
      throw invalid(`Environment variable names must be at most ${MAX_VARIABLE_NAME_LENGTH} characters`);
    }
    if (!ENVIRONMENT_VARIABLE_NAME.test(name)) {
      throw invalid(`Environment variable name "${name}" is invalid: use letters, numbers and underscores, not starting with a number`);
    }
    if (variables.has(name)) throw invalid(`Environment variable "${name}" is defined more than once`);
    if (typeof rawValue !== 'string' && typeof rawValue !== 'number' && typeof rawValue !== 'boolean') {
      throw invalid(`Environment variable "${name}" must have a text value`);
    }
    const text = String(rawValue);
    if (text.length > MAX_VARIABLE_VALUE_LENGTH) {
      throw invalid(`Environment variable "${name}" must be at most ${MAX_VARIABLE_VALUE_LENGTH} characters`);
    }
    variables.set(name, text);
  }
  return Object.fromEntries(variables);
}

/** GitHub's rule for organization names, as Settings checks GITHUB_ORGANIZATION (the domain's). */
export { ORGANIZATION_NAME } from '@slipway/domain';
