import type { ProjectEnvironmentFragment } from '../../../../generated/graphql';
import { EnvironmentVariablesEditor } from './EnvironmentVariablesEditor';
import { useEnvironmentEditor } from './useEnvironmentEditor';

/** The environment variable editor of one project. */
export function ProjectEnvironmentCard({ project }: { project: ProjectEnvironmentFragment }) {
  return <EnvironmentVariablesEditor {...useEnvironmentEditor(project.id, project.environmentVariables)} />;
}
