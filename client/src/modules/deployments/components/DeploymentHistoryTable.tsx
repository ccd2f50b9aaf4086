import styled from '@emotion/styled';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { Table } from '../../../ui/Table';
import { formatDateTime } from '../../projects/components/detail/project-format';
import { shortCommit } from '../../versions/version-format';
import { formatDuration, rollbackActionLabel, strategyLabel } from '../deployment-format';
import { DeploymentStatusBadge } from './DeploymentBadges';

const StyledRow = styled.tr(({ theme }) => ({
  cursor: 'pointer',
  '&:hover': { background: theme.colors.surfaceMuted },
  '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: '-2px' },
}));

const StyledTag = styled.span(({ theme }) => ({ display: 'block', fontWeight: theme.fontWeights.bold }));

const StyledCode = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono, color: theme.colors.textMuted }));

const StyledNote = styled.span(({ theme }) => ({ display: 'block', marginTop: theme.spacing(1), color: theme.colors.textMuted }));

const StyledError = styled.span(({ theme }) => ({ display: 'block', marginTop: theme.spacing(1), color: theme.colors.danger, overflowWrap: 'anywhere' }));

const StyledLink = styled.a({ overflowWrap: 'anywhere' });

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));

export interface DeploymentHistoryTableProps {
  deployments: readonly DeploymentCardFragment[];
  onOpen: (deployment: DeploymentCardFragment) => void;
  onRollback: (deployment: DeploymentCardFragment) => void;
  busy: boolean;
}

const versionTag = (deployment: DeploymentCardFragment) => deployment.version?.versionTag ?? 'Deleted version';

/**
 * The Deployment History (spec section 2): Version, Strategy, Status, Traffic, Deployed, Duration, URL and
 * Actions; an error message under its row's version. A click on a row, or Enter on a focused row, opens its
 * details (Details does the same); Rollback on active rows, naming its target. A rollback's own row says so under
 * its version; the deployment it restored keeps its row, times and duration.
 */
export function DeploymentHistoryTable({ deployments, onOpen, onRollback, busy }: DeploymentHistoryTableProps) {
  return (
    <Table caption="Deployment history" hideCaption columns={['Version', 'Strategy', 'Status', 'Traffic', 'Deployed', 'Duration', 'URL', 'Actions']}>
      {deployments.map((deployment) => {
        const tag = versionTag(deployment);
        return (
          <StyledRow
            key={deployment.id}
            tabIndex={0}
            data-testid="deployment-row"
            onClick={() => onOpen(deployment)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) {
                event.preventDefault();
                onOpen(deployment);
              }
            }}
          >
            <td>
              <StyledTag>{tag}</StyledTag>
              {deployment.version?.gitCommitSha && <StyledCode>{shortCommit(deployment.version.gitCommitSha)}</StyledCode>}
              {deployment.restoresDeploymentId && (
                <StyledNote>
                  Rollback to the deployment of {deployment.restores?.activatedAt ? formatDateTime(deployment.restores.activatedAt) : 'an earlier date'}
                </StyledNote>
              )}
              {deployment.errorMessage && <StyledError>{deployment.errorMessage}</StyledError>}
            </td>
            <td>{strategyLabel(deployment.strategy)}</td>
            <td>
              <DeploymentStatusBadge status={deployment.status} />
            </td>
            <td>{deployment.trafficPercent}%</td>
            <td>{formatDateTime(deployment.activatedAt ?? deployment.createdAt)}</td>
            <td>{formatDuration(deployment.durationSeconds) ?? '—'}</td>
            <td>
              {deployment.deployedUrl ? (
                <StyledLink href={deployment.deployedUrl} target="_blank" rel="noreferrer" onClick={(event) => event.stopPropagation()}>
                  {deployment.deployedUrl}
                </StyledLink>
              ) : (
                '—'
              )}
            </td>
            <td>
              <StyledActions>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Details of deployment ${tag} (${deployment.environment})`}
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(deployment);
                  }}
                >
                  Details
                </Button>
                {deployment.status === 'active' && (
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    aria-label={`${rollbackActionLabel(deployment)} (deployment ${tag}, ${deployment.environment})`}
                    onClick={(event) => {
                      event.stopPropagation();
                      onRollback(deployment);
                    }}
                  >
                    {rollbackActionLabel(deployment)}
                  </Button>
                )}
              </StyledActions>
            </td>
          </StyledRow>
        );
      })}
    </Table>
  );
}
