import { useParams } from 'react-router-dom';
import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';

/** Placeholder until the edit project screen lands; the route and its parameter already work. */
export function EditProjectPage() {
  const { projectId } = useParams();
  return (
    <>
      <PageHeader title="Edit Project" subtitle={projectId} />
      <Card>The project form will appear here.</Card>
    </>
  );
}
