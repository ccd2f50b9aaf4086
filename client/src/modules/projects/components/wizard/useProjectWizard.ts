import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../../../app/apollo/error-message';
import { useCreateProjectMutation } from '../../../../generated/hooks';
import { projectPath } from '../detail/project-format';
import { EMPTY_WIZARD_DATA, nonBlankVariables, type WizardData, type WizardStep, type WizardTemplate } from './wizard-data';

/**
 * The create project wizard: the current step, the data collected so far (kept when moving back and forward),
 * and creation. Success opens the new project; a failure stays on step 4 with the message.
 */
export function useProjectWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState<WizardStep>(1);
  const [data, setData] = useState<WizardData>(EMPTY_WIZARD_DATA);
  const [creationError, setCreationError] = useState<string | null>(null);
  const [createProject, { loading: creating }] = useCreateProjectMutation();

  const update = (change: Partial<WizardData>) => setData((current) => ({ ...current, ...change }));

  const goTo = (next: WizardStep) => {
    setCreationError(null);
    setStep(next);
  };

  /** A different template starts its variables afresh; choosing the same one again keeps what was entered. */
  const selectTemplate = (template: WizardTemplate) =>
    setData((current) =>
      current.selectedTemplate?.name === template.name
        ? current
        : { ...current, selectedTemplate: template, blankProject: false, environmentVariables: {} },
    );

  const selectBlankProject = () =>
    update({ selectedTemplate: null, blankProject: true, environmentVariables: {} });

  const create = async () => {
    setCreationError(null);
    try {
      const result = await createProject({
        variables: {
          input: {
            name: data.name.trim(),
            description: data.description.trim(),
            status: 'active',
            tags: data.tags,
            templateName: data.selectedTemplate?.name ?? null,
            environmentVariables: nonBlankVariables(data.environmentVariables),
          },
        },
      });
      const project = result.data?.createProject;
      if (!project) {
        setCreationError('Failed to create project');
        return;
      }
      await navigate(projectPath(project.id));
    } catch (error) {
      setCreationError(apiErrorMessage(error, 'Failed to create project'));
    }
  };

  return {
    step,
    data,
    update,
    goTo,
    selectTemplate,
    selectBlankProject,
    create,
    creating,
    creationError,
    dismissCreationError: () => setCreationError(null),
  };
}
