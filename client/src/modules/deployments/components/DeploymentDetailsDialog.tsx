import styled from '@emotion/styled';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { useDeploymentDetailsQuery } from '../../../generated/hooks';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';
import { formatDateTime } from '../../projects/components/detail/project-format';
import { shortCommit } from '../../versions/version-format';
import { formatDuration, strategyLabel } from '../deployment-format';
import { DeploymentHealthBadge, DeploymentStatusBadge } from './DeploymentBadges';

const StyledSection = styled.section(({ theme }) => ({ marginBottom: theme.spacing(5) }));

const StyledHeading = styled.h3(({ theme }) => ({ marginBottom: theme.spacing(2), fontSize: theme.fontSizes.md }));

const StyledBadges = styled.p(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2), margin: theme.spacing(0, 0, 4) }));

const StyledFacts = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: theme.spacing(1.5, 4),
  margin: 0,
  fontSize: theme.fontSizes.sm,
  '& dt': { color: theme.colors.textMuted },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
}));

const StyledCode = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono }));

const StyledEvents = styled.ol(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: theme.fontSizes.sm,
  '& time': { display: 'block', color: theme.colors.textMuted, fontSize: theme.fontSizes.xs },
}));

const StyledEventType = styled.strong(({ theme }) => ({ marginRight: theme.spacing(2) }));

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

function Fact({ term, value }: { term: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

export interface DeploymentDetailsDialogProps {
  deployment: DeploymentCardFragment;
  onClose: () => void;
}

/** A deployment's details: facts, error, environment and cluster names, and its events in order. Mount to open. */
export function DeploymentDetailsDialog({ deployment, onClose }: DeploymentDetailsDialogProps) {
  const { data, loading, error } = useDeploymentDetailsQuery({ variables: { id: deployment.id }, fetchPolicy: 'cache-and-network' });
  const details = data?.deployment;
  const current = details ?? deployment;
  const tag = current.version?.versionTag ?? 'Deleted version';
  return (
    <Modal isOpen onClose={onClose} title={`Deployment ${tag} (${current.environment})`} size="lg">
      {error && (
        <StyledBanner>
          <ErrorBanner message={apiErrorMessage(error, 'Failed to load deployment details')} />
        </StyledBanner>
      )}
      <StyledBadges>
        <DeploymentStatusBadge status={current.status} />
        <DeploymentHealthBadge health={current.health} />
      </StyledBadges>
      {current.errorMessage && (
        <StyledBanner>
          <ErrorBanner message={current.errorMessage} title="Deployment error" />
        </StyledBanner>
      )}
      <StyledSection aria-label="Facts">
        <StyledFacts>
          <Fact term="Environment" value={current.environment} />
          <Fact term="Version" value={tag} />
          {current.version?.gitCommitSha && (
            <>
              <dt>Commit</dt>
              <dd>
                <StyledCode title={current.version.gitCommitSha}>{shortCommit(current.version.gitCommitSha)}</StyledCode>
              </dd>
            </>
          )}
          <Fact term="Strategy" value={strategyLabel(current.strategy)} />
          <Fact term="Traffic" value={`${current.trafficPercent}%`} />
          <Fact term="Replicas" value={String(current.replicas)} />
          <Fact term="Created" value={formatDateTime(current.createdAt)} />
          <Fact term="Activated" value={current.activatedAt && formatDateTime(current.activatedAt)} />
          <Fact term="Rolled back" value={current.rolledBackAt && formatDateTime(current.rolledBackAt)} />
          <Fact term="Rollback reason" value={current.rollbackReason} />
          <Fact term="Duration" value={formatDuration(current.durationSeconds)} />
          <Fact term="URL" value={current.deployedUrl} />
          <Fact term="Loopback URL" value={current.loopbackUrl} />
          <Fact term="Namespace" value={details?.kubernetesNamespace} />
          <Fact term="Deployment name" value={details?.kubernetesDeploymentName} />
          <Fact term="Service name" value={details?.kubernetesServiceName} />
        </StyledFacts>
      </StyledSection>
      <StyledSection aria-labelledby={`events-${deployment.id}`}>
        <StyledHeading id={`events-${deployment.id}`}>Events</StyledHeading>
        {!details && loading && <LoadingText>Loading events...</LoadingText>}
        {details && details.events.length === 0 && <p>No events yet.</p>}
        {details && details.events.length > 0 && (
          <StyledEvents>
            {details.events.map((event) => (
              <li key={event.id}>
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                <StyledEventType>{event.type.replace(/_/g, ' ')}</StyledEventType>
                {event.message}
              </li>
            ))}
          </StyledEvents>
        )}
      </StyledSection>
    </Modal>
  );
}
