import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';

/** Placeholder until the Console Logs screen lands; the route and sidebar entry already work. */
export function ConsoleLogsPage() {
  return (
    <>
      <PageHeader title="Console Logs" />
      <Card>The history of your console commands will appear here.</Card>
    </>
  );
}
