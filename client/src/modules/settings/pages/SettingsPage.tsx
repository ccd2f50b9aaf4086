import styled from '@emotion/styled';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { useAuth } from '../../../app/auth/auth-context';
import { useCloudEndpointsQuery, useSettingsQuery } from '../../../generated/hooks';
import type { CloudEndpointFieldsFragment, SettingFieldsFragment } from '../../../generated/graphql';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { NotificationsSection } from '../../notifications/components/NotificationsSection';
import { AccessTokensSection } from '../../tokens/components/AccessTokensSection';
import { CloudEndpointsForm } from '../components/CloudEndpointsForm';
import { SettingsForm } from '../components/SettingsForm';
import { useCloudEndpointsForm } from '../hooks/useCloudEndpointsForm';
import { useSettingsForm } from '../hooks/useSettingsForm';

const StyledSections = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(5) }));

function SettingsEditor({ settings }: { settings: readonly SettingFieldsFragment[] }) {
  return <SettingsForm {...useSettingsForm(settings)} />;
}

function CloudEndpointsEditor({ endpoints }: { endpoints: readonly CloudEndpointFieldsFragment[] }) {
  return <CloudEndpointsForm {...useCloudEndpointsForm(endpoints)} />;
}

/** Admins' section: the cloud services' URLs, loaded only for an admin. */
function CloudEndpointsSection() {
  const { data, loading, error, refetch } = useCloudEndpointsQuery({ notifyOnNetworkStatusChange: true });
  if (loading) return <LoadingText>Loading cloud service URLs...</LoadingText>;
  if (error) return <ErrorBanner message={apiErrorMessage(error, 'Failed to load the cloud service URLs')} onRetry={() => void refetch().catch(() => undefined)} />;
  return data ? <CloudEndpointsEditor endpoints={data.cloudEndpoints} /> : null;
}

/** /dashboard/settings: the user's registry, cloud, cluster and source-host credentials, their access tokens and notifications; for admins, the cloud services' URLs too. */
export function SettingsPage() {
  const { user } = useAuth();
  const { data, loading, error, refetch } = useSettingsQuery({ notifyOnNetworkStatusChange: true });
  return (
    <>
      <PageHeader title="Settings" subtitle="Credentials Slipway uses for your container registry, cloud provider, cluster and GitHub." />
      {loading && <LoadingText>Loading settings...</LoadingText>}
      {!loading && error && (
        <ErrorBanner message={apiErrorMessage(error, 'Failed to load settings')} onRetry={() => void refetch().catch(() => undefined)} />
      )}
      <StyledSections>
        {!loading && !error && data && <SettingsEditor settings={data.settings} />}
        <AccessTokensSection />
        <NotificationsSection />
        {user?.role === 'admin' && <CloudEndpointsSection />}
      </StyledSections>
    </>
  );
}
