import { initialVariableValues, requiredVariableErrors, type WizardTemplate } from './wizard-data';

export interface EnvironmentSetupValues {
  variables: Record<string, string>;
}

/**
 * Step 3's form over the template's variables: values entered earlier, else the defaults; every required one
 * must be non-blank ('{name} is required'). Back and Continue both keep the values in the wizard data.
 */
export function useEnvironmentSetupForm(
  template: WizardTemplate,
  entered: Record<string, string>,
  onContinue: (variables: Record<string, string>) => void,
) {
  const initialValues: EnvironmentSetupValues = { variables: initialVariableValues(template, entered) };
  const validate = (values: Partial<EnvironmentSetupValues>) => {
    const errors = requiredVariableErrors(template, values.variables ?? {});
    return Object.keys(errors).length ? { variables: errors } : {};
  };
  const onSubmit = (values: EnvironmentSetupValues) => onContinue({ ...values.variables });
  return { initialValues, validate, onSubmit };
}
