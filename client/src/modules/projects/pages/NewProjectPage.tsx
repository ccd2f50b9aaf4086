import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';

/** Placeholder until the create project wizard screen lands; the route and sidebar entry already work. */
export function NewProjectPage() {
  return (
    <>
      <PageHeader title="Create New Project" />
      <Card>The project wizard will appear here.</Card>
    </>
  );
}
