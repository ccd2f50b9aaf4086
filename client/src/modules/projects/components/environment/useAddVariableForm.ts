import type { NewVariable } from './useEnvironmentEditor';

export interface AddVariableValues {
  name?: string;
  value?: string;
}

/** The add dialog's form: Add is possible only with a non-blank trimmed name; the name is trimmed, the value kept. */
export function useAddVariableForm(onAdd: (variable: NewVariable) => void) {
  const canAdd = (values: AddVariableValues) => Boolean(values.name?.trim());
  const onSubmit = (values: AddVariableValues) => {
    if (!canAdd(values)) return;
    onAdd({ name: (values.name ?? '').trim(), value: values.value ?? '' });
  };
  return { initialValues: {} as AddVariableValues, canAdd, onSubmit };
}
