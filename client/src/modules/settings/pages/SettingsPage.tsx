import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';

/** Placeholder until the settings screen lands; the route and sidebar entry already work. */
export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <Card>Docker, DigitalOcean, DOKS cluster and GitHub credentials will be managed here.</Card>
    </>
  );
}
