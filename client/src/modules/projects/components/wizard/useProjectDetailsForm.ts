import { descriptionError, projectNameError } from '@slipway/domain';
import { useCallback } from 'react';
import { useProjectNameCheck } from './useProjectNameCheck';
import type { WizardData } from './wizard-data';

export interface ProjectDetailsValues {
  name: string;
  description: string;
  tags: string[];
  /** The tag being typed, added with Enter or Add. */
  tagInput: string;
}

export type ProjectDetailsErrors = Partial<Record<'name' | 'description', string>>;

export function validateProjectDetails(values: Partial<ProjectDetailsValues>): ProjectDetailsErrors {
  const errors: ProjectDetailsErrors = {};
  const name = projectNameError(values.name);
  if (name) errors.name = name;
  const description = descriptionError(values.description);
  if (description) errors.description = description;
  return errors;
}

/**
 * Step 1's form: starts from the wizard data, so going back shows what was entered; Continue stores it and moves on.
 * The name is also checked with the server (a project of the user's may have it): as the user types, and once more
 * on Continue, which stays on step 1 with the reason when it is taken.
 */
export function useProjectDetailsForm(
  data: Pick<WizardData, 'name' | 'description' | 'tags'>,
  onContinue: (details: Pick<WizardData, 'name' | 'description' | 'tags'>) => void,
) {
  const nameCheck = useProjectNameCheck();
  const { refusalOf, check } = nameCheck;
  const initialValues: ProjectDetailsValues = {
    name: data.name,
    description: data.description,
    tags: data.tags,
    tagInput: '',
  };
  const validate = useCallback(
    (values: Partial<ProjectDetailsValues>): ProjectDetailsErrors => {
      const errors = validateProjectDetails(values);
      const refusal = errors.name ? undefined : refusalOf(values.name);
      return refusal ? { ...errors, name: refusal } : errors;
    },
    [refusalOf],
  );
  const onSubmit = async (values: ProjectDetailsValues) => {
    const refusal = await check(values.name);
    if (refusal) return { name: refusal };
    onContinue({ name: values.name.trim(), description: values.description?.trim() ?? '', tags: values.tags ?? [] });
    return undefined;
  };
  return { initialValues, validate, onSubmit, nameCheck };
}
