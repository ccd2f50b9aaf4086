import { PageHeader } from '../../../ui/PageHeader';
import { ProjectWizard } from '../components/wizard/ProjectWizard';

/** /dashboard/projects/new: the 4-step create project wizard. */
export function NewProjectPage() {
  return (
    <>
      <PageHeader title="Create New Project" subtitle="Set up a new project in four steps." />
      <ProjectWizard />
    </>
  );
}
