import { useEffect, useRef } from 'react';
import { Card } from '../../../../ui/Card';
import { focusHeading } from '../../../../ui/focus-heading';
import { EnvironmentSetupStep } from './EnvironmentSetupStep';
import { GithubSettingsRequiredModal } from './GithubSettingsRequiredModal';
import { ProjectDetailsStep } from './ProjectDetailsStep';
import { ReviewStep } from './ReviewStep';
import { TemplateSelectionStep } from './TemplateSelectionStep';
import { useGithubOrganizationCheck } from './useGithubOrganizationCheck';
import { useProjectWizard } from './useProjectWizard';
import { WizardStepIndicator } from './WizardStepIndicator';

/** The four steps, the step indicator, and the GitHub settings gate. */
export function ProjectWizard() {
  const wizard = useProjectWizard();
  const { settingsRequired, localMode } = useGithubOrganizationCheck();
  const { step, data } = wizard;

  // The button that moved on is gone with its step: start the new step at its heading, at the top of the page.
  const stepRef = useRef<HTMLElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    const heading = stepRef.current?.querySelector('h2');
    if (heading) focusHeading(heading);
  }, [step]);

  return (
    <>
      <WizardStepIndicator step={step} />
      <Card ref={stepRef}>
        {step === 1 && (
          <ProjectDetailsStep
            data={data}
            onContinue={(details) => {
              wizard.update(details);
              wizard.goTo(2);
            }}
          />
        )}
        {step === 2 && (
          <TemplateSelectionStep
            data={data}
            onSelectTemplate={wizard.selectTemplate}
            onSelectBlank={wizard.selectBlankProject}
            onBack={() => wizard.goTo(1)}
            onContinue={() => wizard.goTo(3)}
          />
        )}
        {step === 3 && (
          <EnvironmentSetupStep
            data={data}
            onBack={(environmentVariables) => {
              wizard.update({ environmentVariables });
              wizard.goTo(2);
            }}
            onContinue={(environmentVariables) => {
              wizard.update({ environmentVariables });
              wizard.goTo(4);
            }}
            onChooseTemplate={() => wizard.goTo(2)}
          />
        )}
        {step === 4 && (
          <ReviewStep
            data={data}
            creating={wizard.creating}
            creationError={wizard.creationError}
            onDismissError={wizard.dismissCreationError}
            onBack={() => wizard.goTo(3)}
            onCreate={() => void wizard.create()}
          />
        )}
      </Card>
      <GithubSettingsRequiredModal isOpen={settingsRequired} localMode={localMode} />
    </>
  );
}
