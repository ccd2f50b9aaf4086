import { gitBranchError, versionDescriptionError, versionTagError } from '@slipway/domain';
import type { SubmissionErrors } from 'final-form';
import { serverSubmissionErrors } from '../../../app/errors/server-field-errors';
import { useCreateVersionMutation } from '../../../generated/hooks';
import { evictVersionLists } from '../version-cache';

export interface CreateVersionValues {
  versionTag?: string;
  description?: string;
  gitBranch?: string;
}

/** Spec section 9: the branch field starts as main. */
export const DEFAULT_GIT_BRANCH = 'main';

/** The fields a server refusal can name (a taken tag, an unknown branch). */
const FORM_FIELDS: readonly (keyof CreateVersionValues)[] = ['versionTag', 'description', 'gitBranch'];

/** Spec section 5's rules for the create version form, with their messages (shared with the server). */
export function validateCreateVersion(values: CreateVersionValues): Partial<Record<keyof CreateVersionValues, string>> {
  const errors: Partial<Record<keyof CreateVersionValues, string>> = {};
  const tag = versionTagError(values.versionTag);
  if (tag) errors.versionTag = tag;
  const description = versionDescriptionError(values.description);
  if (description) errors.description = description;
  const branch = gitBranchError(values.gitBranch);
  if (branch) errors.gitBranch = branch;
  return errors;
}

/**
 * The Create Version form: tag, optional description and branch (main), trimmed; on success the version lists
 * are fetched again (the new version shows building) and `onCreated` runs.
 */
export function useCreateVersionForm(projectId: string, onCreated: () => void) {
  const [createVersion] = useCreateVersionMutation();

  const onSubmit = async (values: CreateVersionValues): Promise<SubmissionErrors | undefined> => {
    const description = values.description?.trim();
    try {
      await createVersion({
        variables: {
          projectId,
          input: { versionTag: values.versionTag?.trim() ?? '', gitBranch: values.gitBranch?.trim() ?? '', ...(description ? { description } : {}) },
        },
        update: (cache) => evictVersionLists(cache, projectId),
      });
    } catch (caught) {
      return serverSubmissionErrors(caught, FORM_FIELDS, 'Failed to create version');
    }
    onCreated();
    return undefined;
  };

  return { initialValues: { gitBranch: DEFAULT_GIT_BRANCH } as CreateVersionValues, validate: validateCreateVersion, onSubmit };
}
