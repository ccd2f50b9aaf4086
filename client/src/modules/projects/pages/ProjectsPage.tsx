import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';

/** Placeholder until the projects list screen lands; the route and sidebar entry already work. */
export function ProjectsPage() {
  return (
    <>
      <PageHeader title="Projects" />
      <Card>Your projects will appear here.</Card>
    </>
  );
}
