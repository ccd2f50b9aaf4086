import styled from '@emotion/styled';
import { WIZARD_STEPS, type WizardStep } from './wizard-data';

const StyledIndicator = styled.nav(({ theme }) => ({ marginBottom: theme.spacing(6) }));

const StyledCounter = styled.p(({ theme }) => ({
  margin: theme.spacing(0, 0, 3),
  fontSize: theme.fontSizes.sm,
  fontWeight: theme.fontWeights.medium,
  color: theme.colors.textMuted,
}));

const StyledSteps = styled.ol(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(${WIZARD_STEPS.length}, minmax(0, 1fr))`,
  gap: theme.spacing(2),
  margin: 0,
  padding: 0,
  listStyle: 'none',
  [theme.breakpoints.sm]: { gridTemplateColumns: '1fr' },
}));

type StepState = 'done' | 'current' | 'upcoming';

const StyledStep = styled('li', { shouldForwardProp: (prop) => prop !== 'state' })<{ state: StepState }>(({ theme, state }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(2),
  padding: theme.spacing(2, 3),
  fontSize: theme.fontSizes.sm,
  fontWeight: state === 'current' ? theme.fontWeights.bold : theme.fontWeights.regular,
  color: state === 'upcoming' ? theme.colors.textMuted : theme.colors.text,
  borderTop: `3px solid ${state === 'upcoming' ? theme.colors.border : theme.colors.primary}`,
}));

const StyledNumber = styled('span', { shouldForwardProp: (prop) => prop !== 'state' })<{ state: StepState }>(({ theme, state }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '1.75em',
  height: '1.75em',
  borderRadius: '50%',
  color: state === 'upcoming' ? theme.colors.textMuted : theme.colors.textInverse,
  background: state === 'upcoming' ? theme.colors.surfaceMuted : theme.colors.primary,
}));

/** 'Step n of 4' and the four step names, the current one marked. */
export function WizardStepIndicator({ step }: { step: WizardStep }) {
  return (
    <StyledIndicator aria-label="Wizard progress">
      <StyledCounter>
        Step {step} of {WIZARD_STEPS.length}
      </StyledCounter>
      <StyledSteps>
        {WIZARD_STEPS.map((name, index) => {
          const number = index + 1;
          const state: StepState = number < step ? 'done' : number === step ? 'current' : 'upcoming';
          return (
            <StyledStep key={name} state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <StyledNumber state={state} aria-hidden="true">
                {state === 'done' ? '✓' : number}
              </StyledNumber>
              {name}
            </StyledStep>
          );
        })}
      </StyledSteps>
    </StyledIndicator>
  );
}
