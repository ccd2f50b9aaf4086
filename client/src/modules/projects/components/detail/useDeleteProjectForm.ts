import { useApolloClient } from '@apollo/client/react';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage } from '../../../../app/apollo/error-message';
import { useDeleteProjectMutation } from '../../../../generated/hooks';
import { evictDeletedProject } from './project-cache';

export interface DeleteProjectValues {
  confirmation?: string;
}

export const nameMismatchMessage = (name: string) => `Name does not match. Please type "${name}" exactly.`;

/**
 * The delete confirmation: the exact project name must be typed; then the project is deleted, the app goes to
 * /dashboard/projects and the project leaves the Apollo cache (after leaving its page, so that page does not
 * ask for it again).
 */
export function useDeleteProjectForm(project: { id: string; name: string }) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [deleteProject] = useDeleteProjectMutation();

  const onSubmit = async (values: DeleteProjectValues): Promise<SubmissionErrors | undefined> => {
    if ((values.confirmation ?? '') !== project.name) return { confirmation: nameMismatchMessage(project.name) };
    try {
      await deleteProject({ variables: { id: project.id } });
    } catch (caught) {
      return { [FORM_ERROR]: apiErrorMessage(caught, 'Failed to delete project') };
    }
    await navigate('/dashboard/projects');
    evictDeletedProject(client.cache, project.id);
    return undefined;
  };

  return { initialValues: {} as DeleteProjectValues, onSubmit };
}
