import type { TemplateCardFragment } from '../../../../generated/graphql';

/** Spec section 2: four steps, 'Step n of 4'. */
export const WIZARD_STEPS = ['Project Details', 'Template Selection', 'Environment Setup', 'Review & Create'] as const;
export type WizardStep = 1 | 2 | 3 | 4;

export type WizardTemplate = TemplateCardFragment;
export type TemplateVariable = WizardTemplate['environmentVariables'][number];

/** Spec section 3's wizard data, plus whether the user chose a blank project (no template) on step 2. */
export interface WizardData {
  name: string;
  description: string;
  tags: string[];
  selectedTemplate: WizardTemplate | null;
  blankProject: boolean;
  environmentVariables: Record<string, string>;
}

export const EMPTY_WIZARD_DATA: WizardData = {
  name: '',
  description: '',
  tags: [],
  selectedTemplate: null,
  blankProject: false,
  environmentVariables: {},
};

/** Step 2 is done when a template or the blank project is chosen. */
export function hasTemplateChoice(data: Pick<WizardData, 'selectedTemplate' | 'blankProject'>): boolean {
  return data.blankProject || data.selectedTemplate !== null;
}

const isBlank = (value: string | undefined) => !value?.trim();

/** Step 3's starting values: what the user entered, else the template's default (spec section 5: defaults fill empty values). */
export function initialVariableValues(template: WizardTemplate, entered: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    template.environmentVariables.map((variable) => [
      variable.name,
      isBlank(entered[variable.name]) ? variable.defaultValue : entered[variable.name],
    ]),
  );
}

/** '{name} is required' for every required variable whose value is blank. */
export function requiredVariableErrors(
  template: WizardTemplate,
  values: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    template.environmentVariables
      .filter((variable) => variable.required && isBlank(values[variable.name]))
      .map((variable) => [variable.name, `${variable.name} is required`]),
  );
}

/** Only variables with a non-blank value, in the template's order: what the review lists and the server receives. */
export function nonBlankVariables(variables: Record<string, string>): Array<{ name: string; value: string }> {
  return Object.entries(variables)
    .filter(([, value]) => !isBlank(value))
    .map(([name, value]) => ({ name, value }));
}
