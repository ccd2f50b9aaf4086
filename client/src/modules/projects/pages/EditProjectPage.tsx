import { useParams } from 'react-router-dom';
import type { ProjectDetailFragment } from '../../../generated/graphql';
import { PageHeader } from '../../../ui/PageHeader';
import { ProjectLoadFallback } from '../components/detail/ProjectLoadFallback';
import { useProject } from '../components/detail/useProject';
import { EditProjectForm } from '../components/edit/EditProjectForm';
import { useEditProjectForm } from '../components/edit/useEditProjectForm';

function EditProject({ project }: { project: ProjectDetailFragment }) {
  return <EditProjectForm {...useEditProjectForm(project)} />;
}

/** /dashboard/projects/:projectId/edit */
export function EditProjectPage() {
  const { projectId } = useParams();
  const load = useProject(projectId);
  if (load.status !== 'ready') return <ProjectLoadFallback load={load} />;
  return (
    <>
      <PageHeader title="Edit Project" subtitle={load.project.name} />
      <EditProject project={load.project} />
    </>
  );
}
