import { apiErrorMessage } from '../../../app/apollo/error-message';
import { useSettingsQuery } from '../../../generated/hooks';
import type { SettingFieldsFragment } from '../../../generated/graphql';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { SettingsForm } from '../components/SettingsForm';
import { useSettingsForm } from '../hooks/useSettingsForm';

function SettingsEditor({ settings }: { settings: readonly SettingFieldsFragment[] }) {
  return <SettingsForm {...useSettingsForm(settings)} />;
}

/** /dashboard/settings: the user's registry, cloud, cluster and source-host credentials. */
export function SettingsPage() {
  const { data, loading, error, refetch } = useSettingsQuery({ notifyOnNetworkStatusChange: true });
  return (
    <>
      <PageHeader title="Settings" subtitle="Credentials Slipway uses for your container registry, cloud provider, cluster and GitHub." />
      {loading && <LoadingText>Loading settings...</LoadingText>}
      {!loading && error && (
        <ErrorBanner message={apiErrorMessage(error, 'Failed to load settings')} onRetry={() => void refetch().catch(() => undefined)} />
      )}
      {!loading && !error && data && <SettingsEditor settings={data.settings} />}
    </>
  );
}
