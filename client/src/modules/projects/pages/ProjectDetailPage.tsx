import { useParams } from 'react-router-dom';
import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';

/** Placeholder until the project detail screen lands; the route and its parameter already work. */
export function ProjectDetailPage() {
  const { projectId } = useParams();
  return (
    <>
      <PageHeader title="Project" subtitle={projectId} />
      <Card>The project's overview, versions and deployments will appear here.</Card>
    </>
  );
}
