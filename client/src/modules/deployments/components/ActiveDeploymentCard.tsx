import styled from '@emotion/styled';
import { DEFAULT_REPLICAS } from '@slipway/domain';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { formatDateTime } from '../../projects/components/detail/project-format';
import { shortCommit } from '../../versions/version-format';
import { canRollbackCard, rollbackActionLabel, strategyLabel } from '../deployment-format';
import { DeploymentHealthBadge, DeploymentStatusBadge } from './DeploymentBadges';
import { DeploymentInstances } from './DeploymentInstances';

const StyledCard = styled.article(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
  padding: theme.spacing(4),
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.lg,
}));

const StyledHeader = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.spacing(2) }));

const StyledEnvironment = styled.h3(({ theme }) => ({ marginRight: theme.spacing(2), fontSize: theme.fontSizes.lg, textTransform: 'capitalize' }));

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

const StyledError = styled.p(({ theme }) => ({
  margin: 0,
  padding: theme.spacing(2, 3),
  color: theme.colors.danger,
  background: theme.colors.dangerSoft,
  borderRadius: theme.radii.md,
  fontSize: theme.fontSizes.sm,
  overflowWrap: 'anywhere',
}));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2) }));

export interface ActiveDeploymentCardProps {
  deployment: DeploymentCardFragment;
  onMetrics: (deployment: DeploymentCardFragment) => void;
  onLogs: (deployment: DeploymentCardFragment) => void;
  onRollback: (deployment: DeploymentCardFragment) => void;
  /** A rollback is under way (its button is off). */
  busy: boolean;
}

/**
 * One active deployment (spec section 2): environment, status, version tag, commit, traffic, health, error,
 * strategy, replicas (each instance's state and restarts), deployed time, URL, Metrics and Logs, and Rollback when it has a way back (named on the button).
 */
export function ActiveDeploymentCard({ deployment, onMetrics, onLogs, onRollback, busy }: ActiveDeploymentCardProps) {
  const label = `${deployment.environment} deployment`;
  const commit = deployment.version?.gitCommitSha;
  return (
    <StyledCard aria-label={`${deployment.environment} deployment ${deployment.version?.versionTag ?? ''}`.trim()}>
      <StyledHeader>
        <StyledEnvironment>{deployment.environment}</StyledEnvironment>
        <DeploymentStatusBadge status={deployment.status} />
        <DeploymentHealthBadge health={deployment.health} />
      </StyledHeader>
      {deployment.errorMessage && <StyledError>{deployment.errorMessage}</StyledError>}
      <StyledFacts>
        <dt>Version</dt>
        <dd>{deployment.version?.versionTag ?? 'Deleted version'}</dd>
        {commit && (
          <>
            <dt>Commit</dt>
            <dd>
              <StyledCode title={commit}>{shortCommit(commit)}</StyledCode>
            </dd>
          </>
        )}
        <dt>Traffic</dt>
        <dd>{deployment.trafficPercent}%</dd>
        <dt>Strategy</dt>
        <dd>{strategyLabel(deployment.strategy)}</dd>
        <dt>Replicas</dt>
        <dd>
          {deployment.replicas || DEFAULT_REPLICAS}
          <DeploymentInstances deploymentId={deployment.id} />
        </dd>
        <dt>Deployed</dt>
        <dd>{formatDateTime(deployment.activatedAt ?? deployment.createdAt)}</dd>
        {deployment.deployedUrl && (
          <>
            <dt>URL</dt>
            <dd>
              <a href={deployment.deployedUrl} target="_blank" rel="noreferrer">
                {deployment.deployedUrl}
              </a>
            </dd>
          </>
        )}
        {deployment.loopbackUrl && (
          <>
            <dt>Loopback URL</dt>
            <dd>{deployment.loopbackUrl}</dd>
          </>
        )}
      </StyledFacts>
      <StyledActions>
        <Button size="sm" variant="secondary" onClick={() => onMetrics(deployment)} aria-label={`Metrics of the ${label}`}>
          Metrics
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onLogs(deployment)} aria-label={`Logs of the ${label}`}>
          Logs
        </Button>
        {canRollbackCard(deployment) && (
          <Button size="sm" variant="danger" onClick={() => onRollback(deployment)} disabled={busy} aria-label={`${rollbackActionLabel(deployment)} (the ${label})`}>
            {rollbackActionLabel(deployment)}
          </Button>
        )}
      </StyledActions>
    </StyledCard>
  );
}
