import { descriptionError, projectNameError } from '@slipway/domain';
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

/** Step 1's form: starts from the wizard data, so going back shows what was entered; Continue stores it and moves on. */
export function useProjectDetailsForm(
  data: Pick<WizardData, 'name' | 'description' | 'tags'>,
  onContinue: (details: Pick<WizardData, 'name' | 'description' | 'tags'>) => void,
) {
  const initialValues: ProjectDetailsValues = {
    name: data.name,
    description: data.description,
    tags: data.tags,
    tagInput: '',
  };
  const onSubmit = (values: ProjectDetailsValues) =>
    onContinue({ name: values.name.trim(), description: values.description?.trim() ?? '', tags: values.tags ?? [] });
  return { initialValues, validate: validateProjectDetails, onSubmit };
}
