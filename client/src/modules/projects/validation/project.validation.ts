import { MAX_DEFAULT_MASK_BULLETS, maskValue, normalizeTags } from '@slipway/domain';

/**
 * The project forms' own display rules; the rules and messages the server enforces too (name, description,
 * tags, sensitive names, masking) live in @slipway/domain.
 */

/** The description counter appears once the text is longer than this. */
export const DESCRIPTION_COUNTER_THRESHOLD = 400;

export function showsDescriptionCounter(value: string | undefined | null): boolean {
  return (value ?? '').length > DESCRIPTION_COUNTER_THRESHOLD;
}

/** The list with the candidate added, unless it is blank or already there. */
export function addTag(tags: readonly string[], candidate: string): string[] {
  return normalizeTags([...tags, candidate]);
}

/** A template's default value for a sensitive variable, masked with fewer bullets than a value. */
export function maskDefaultValue(value: string): string {
  return maskValue(value, MAX_DEFAULT_MASK_BULLETS);
}
