import { apiErrorMessage, isNotFound } from '../../../../app/apollo/error-message';
import type { ProjectDetailFragment } from '../../../../generated/graphql';
import { useProjectDetailQuery } from '../../../../generated/hooks';
import { isProjectId } from './project-format';

export type ProjectLoad =
  | { status: 'invalid' }
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ready'; project: ProjectDetailFragment };

/** The project of the URL's :projectId for the detail and edit screens, as one of their five states. */
export function useProject(projectId: string | undefined): ProjectLoad {
  const valid = isProjectId(projectId);
  const { data, loading, error, refetch } = useProjectDetailQuery({
    variables: { id: projectId ?? '' },
    skip: !valid,
    notifyOnNetworkStatusChange: true,
  });
  if (!valid) return { status: 'invalid' };
  if (loading) return { status: 'loading' };
  if (error) {
    if (isNotFound(error)) return { status: 'not-found' };
    return { status: 'error', message: apiErrorMessage(error, 'Failed to load project'), retry: () => void refetch().catch(() => undefined) };
  }
  if (!data) return { status: 'loading' };
  return { status: 'ready', project: data.project };
}
