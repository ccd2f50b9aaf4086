import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { apiErrorMessage } from '../../../../app/apollo/error-message';
import { useDeleteProjectMutation } from '../../../../generated/hooks';
import { evictProjectLists } from './project-cache';

export interface DeleteProjectValues {
  confirmation?: string;
}

export const nameMismatchMessage = (name: string) => `Name does not match. Please type "${name}" exactly.`;

/**
 * The delete confirmation: the exact project name must be typed; then the project's deletion run starts and
 * `onDeleting` is called (the project page shows the run, and leaves for the list when it completes).
 */
export function useDeleteProjectForm(project: { id: string; name: string }, onDeleting: () => void) {
  const [deleteProject] = useDeleteProjectMutation({ update: (cache) => evictProjectLists(cache) });

  const onSubmit = async (values: DeleteProjectValues): Promise<SubmissionErrors | undefined> => {
    if ((values.confirmation ?? '') !== project.name) return { confirmation: nameMismatchMessage(project.name) };
    try {
      await deleteProject({ variables: { id: project.id } });
    } catch (caught) {
      return { [FORM_ERROR]: apiErrorMessage(caught, 'Failed to delete project') };
    }
    onDeleting();
    return undefined;
  };

  return { initialValues: {} as DeleteProjectValues, onSubmit };
}
