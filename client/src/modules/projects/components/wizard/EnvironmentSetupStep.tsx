import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { Form } from 'react-final-form';
import { Button } from '../../../../ui/Button';
import { useEnvironmentSetupForm, type EnvironmentSetupValues } from './useEnvironmentSetupForm';
import { VariableField } from './VariableField';
import type { WizardData, WizardTemplate } from './wizard-data';
import {
  StyledStateActions,
  StyledStatePanel,
  StyledStateText,
  StyledStateTitle,
  StyledStepActions,
  StyledStepIntro,
  StyledStepTitle,
} from './wizard-layout';

const StyledGroup = styled.section(({ theme }) => ({
  marginBottom: theme.spacing(5),
  padding: theme.spacing(4),
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
}));

const StyledGroupTitle = styled.h3(({ theme }) => ({ marginBottom: theme.spacing(4), fontSize: theme.fontSizes.md }));

const StyledGroupToggle = styled.button(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(2),
  width: '100%',
  padding: 0,
  fontSize: theme.fontSizes.md,
  fontWeight: theme.fontWeights.bold,
  color: theme.colors.text,
  textAlign: 'left',
  background: 'none',
  border: 'none',
  cursor: 'pointer',
}));

const StyledOptionalBody = styled.div(({ theme }) => ({ marginTop: theme.spacing(4) }));

const StyledBlockedNote = styled.p(({ theme }) => ({ margin: 0, fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

const StyledContinue = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(3) }));

export interface EnvironmentSetupStepProps {
  data: Pick<WizardData, 'selectedTemplate' | 'blankProject' | 'environmentVariables'>;
  onBack: (variables: Record<string, string>) => void;
  onContinue: (variables: Record<string, string>) => void;
  onChooseTemplate: () => void;
}

function VariablesForm({
  template,
  entered,
  onBack,
  onContinue,
}: {
  template: WizardTemplate;
  entered: Record<string, string>;
  onBack: (variables: Record<string, string>) => void;
  onContinue: (variables: Record<string, string>) => void;
}) {
  const optionalId = useId();
  const [optionalOpen, setOptionalOpen] = useState(false);
  const { initialValues, validate, onSubmit } = useEnvironmentSetupForm(template, entered, onContinue);
  const required = template.environmentVariables.filter((variable) => variable.required);
  const optional = template.environmentVariables.filter((variable) => !variable.required);

  return (
    <Form<EnvironmentSetupValues>
      initialValues={initialValues}
      initialValuesEqual={() => true}
      validate={validate}
      onSubmit={onSubmit}
      subscription={{ hasValidationErrors: true }}
    >
      {({ handleSubmit, hasValidationErrors, form }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Environment variables">
          {required.length > 0 && (
            <StyledGroup aria-label="Required variables">
              <StyledGroupTitle>Required</StyledGroupTitle>
              {required.map((variable) => (
                <VariableField key={variable.name} variable={variable} />
              ))}
            </StyledGroup>
          )}
          {optional.length > 0 && (
            <StyledGroup aria-label="Optional variables">
              <StyledGroupToggle
                type="button"
                aria-expanded={optionalOpen}
                aria-controls={optionalId}
                onClick={() => setOptionalOpen((open) => !open)}
              >
                <span aria-hidden="true">{optionalOpen ? '▾' : '▸'}</span>
                Optional ({optional.length})
              </StyledGroupToggle>
              <StyledOptionalBody id={optionalId} hidden={!optionalOpen}>
                {optional.map((variable) => (
                  <VariableField key={variable.name} variable={variable} />
                ))}
              </StyledOptionalBody>
            </StyledGroup>
          )}
          <StyledStepActions>
            <Button variant="secondary" onClick={() => onBack({ ...form.getState().values.variables })}>
              Back
            </Button>
            <StyledContinue>
              {hasValidationErrors && <StyledBlockedNote>Fill in every required variable to continue.</StyledBlockedNote>}
              <Button type="submit" disabled={hasValidationErrors}>
                Continue
              </Button>
            </StyledContinue>
          </StyledStepActions>
        </form>
      )}
    </Form>
  );
}

/**
 * Step 3: the chosen template's environment variables in Required and Optional groups (optional collapsed).
 * A template without variables, or a blank project, needs no configuration; no choice at all sends the user back.
 */
export function EnvironmentSetupStep({ data, onBack, onContinue, onChooseTemplate }: EnvironmentSetupStepProps) {
  const template = data.selectedTemplate;
  let body;
  if (!template && !data.blankProject) {
    body = (
      <StyledStatePanel>
        <StyledStateTitle>No Template Selected</StyledStateTitle>
        <StyledStateText>Choose a template, or a blank project, before setting up its environment.</StyledStateText>
        <StyledStateActions>
          <Button onClick={onChooseTemplate}>Back to Template Selection</Button>
        </StyledStateActions>
      </StyledStatePanel>
    );
  } else if (!template || template.environmentVariables.length === 0) {
    body = (
      <>
        <StyledStatePanel>
          <StyledStateTitle>No Configuration Required</StyledStateTitle>
          <StyledStateText>
            {template
              ? `The ${template.name} template needs no environment variables.`
              : 'A blank project starts without environment variables.'}
          </StyledStateText>
        </StyledStatePanel>
        <StyledStepActions>
          <Button variant="secondary" onClick={() => onBack({})}>
            Back
          </Button>
          <Button onClick={() => onContinue({})}>Continue</Button>
        </StyledStepActions>
      </>
    );
  } else {
    body = (
      <VariablesForm
        key={template.name}
        template={template}
        entered={data.environmentVariables}
        onBack={onBack}
        onContinue={onContinue}
      />
    );
  }

  return (
    <section aria-label="Environment setup">
      <StyledStepTitle>Environment Setup</StyledStepTitle>
      <StyledStepIntro>
        {template ? `Configure the environment variables of the ${template.name} template.` : 'Configure your project environment.'}
      </StyledStepIntro>
      {body}
    </section>
  );
}
