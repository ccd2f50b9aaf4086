import styled from '@emotion/styled';
import { maskValue } from '@slipway/domain';
import { useId, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { EnvironmentCardFragment, PushRowFragment } from '../../../generated/graphql';
import { useProjectEnvironmentsQuery, useSetEnvironmentAutoDeployMutation, useSetEnvironmentAutoRollbackMutation } from '../../../generated/hooks';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { Table } from '../../../ui/Table';
import { relativeTime } from '../../console-logs/log-format';
import { useNow } from '../../console-logs/hooks/useNow';
import { PreviewSettingsCard } from './PreviewSettingsCard';
import { DomainsSection } from './DomainsSection';
import { PromoteDialog } from './PromoteDialog';
import { ResourcesSection } from './ResourcesSection';

/** Environments change as pushes deploy: the tab looks again every few seconds while it is open. */
const POLL_MS = 5000;

const StyledStack = styled.div(({ theme }) => ({ display: 'grid', gap: theme.spacing(5) }));

const StyledHeader = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(3), flexWrap: 'wrap', marginBottom: theme.spacing(3) }));

const StyledTitle = styled(CardTitle)({ marginBottom: 0 });

const StyledFacts = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: theme.spacing(1.5, 4),
  margin: 0,
  marginBottom: theme.spacing(4),
  fontSize: theme.fontSizes.sm,
  dt: { color: theme.colors.textMuted },
  dd: { margin: 0, overflowWrap: 'anywhere' },
}));

const StyledToggle = styled.label(({ theme }) => ({ display: 'inline-flex', alignItems: 'center', gap: theme.spacing(2), fontSize: theme.fontSizes.sm, marginBottom: theme.spacing(4) }));

const StyledTable = styled(Table)(({ theme }) => ({ marginBottom: theme.spacing(4), 'th, td': { overflowWrap: 'anywhere' } }));

const StyledMono = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono, fontSize: theme.fontSizes.sm }));

const StyledMuted = styled.p(({ theme }) => ({ margin: 0, marginBottom: theme.spacing(3), fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

const StyledPushes = styled.ul(({ theme }) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.spacing(3), fontSize: theme.fontSizes.sm }));

const STATE_TONES: Record<string, BadgeTone> = { active: 'success', deploying: 'info', failed: 'danger', idle: 'neutral' };
const OUTCOME_TONES: Record<string, BadgeTone> = { deploying: 'info', superseded: 'warning', removed: 'neutral', ignored: 'neutral' };

/**
 * The project's environments (state, URL, branch, auto-deploy, the variables their next deployment runs with, their
 * latest deployments) and its recent pushes with what each did or why it did nothing.
 */
export function EnvironmentsTab({ projectId }: { projectId: string }) {
  const now = useNow();
  const { data, loading, error, refetch } = useProjectEnvironmentsQuery({ variables: { projectId }, pollInterval: POLL_MS, notifyOnNetworkStatusChange: false });
  if (!data && loading) return <LoadingText>Loading environments...</LoadingText>;
  if (!data) return <ErrorBanner message={apiErrorMessage(error, 'Failed to load environments')} onRetry={() => void refetch()} />;
  return (
    <StyledStack>
      {data.environments.map((environment) => (
        <EnvironmentCard key={environment.id} now={now} projectId={projectId} environment={environment} sources={data.environments.filter((other) => other.id !== environment.id && other.state === 'active').map((other) => other.name)} />
      ))}
      <PushesCard now={now} pushes={data.pushes} />
      <PreviewSettingsCard projectId={projectId} />
    </StyledStack>
  );
}

function EnvironmentCard({ projectId, environment, sources, now }: { projectId: string; environment: EnvironmentCardFragment; sources: string[]; now: number }) {
  const titleId = useId();
  const [promoteFrom, setPromoteFrom] = useState<string | null>(null);
  const [showSensitive, setShowSensitive] = useState(false);
  const [setAutoDeploy, { loading: savingDeploy, error: deployError }] = useSetEnvironmentAutoDeployMutation();
  const [setAutoRollback, { loading: savingRollback, error: rollbackError }] = useSetEnvironmentAutoRollbackMutation();
  const saving = savingDeploy || savingRollback;
  const error = deployError ?? rollbackError;
  const [dismissed, setDismissed] = useState<unknown>(null);
  const hasSensitive = environment.variables.some((variable) => variable.sensitive);
  return (
    <Card aria-labelledby={titleId}>
      <StyledHeader>
        <StyledTitle id={titleId}>{environment.name}</StyledTitle>
        {environment.kind === 'preview' && <Badge tone="info">Preview</Badge>}
        {sources.map((source) => (
          <Button key={source} variant="secondary" size="sm" onClick={() => setPromoteFrom(source)}>
            Promote {source} to {environment.name}
          </Button>
        ))}
      </StyledHeader>
      {promoteFrom && <PromoteDialog projectId={projectId} from={promoteFrom} to={environment.name} onClose={() => setPromoteFrom(null)} />}
      {error && error !== dismissed && <ErrorBanner message={apiErrorMessage(error, 'Failed to update the environment')} onDismiss={() => setDismissed(error)} />}
      <StyledFacts>
        <dt>State</dt>
        <dd>
          <Badge tone={STATE_TONES[environment.state]}>{environment.state}</Badge>
        </dd>
        <dt>URL</dt>
        <dd>{environment.url ? <a href={environment.url}>{environment.url}</a> : 'Not deployed'}</dd>
        <dt>Branch</dt>
        <dd>{environment.branch ? <StyledMono>{environment.branch}</StyledMono> : 'None'}</dd>
        {environment.pullRequestNumber != null && (
          <>
            <dt>Pull request</dt>
            <dd>
              #{environment.pullRequestNumber} {environment.pullRequestTitle}
            </dd>
          </>
        )}
        <dt>Health</dt>
        <dd>{environment.health}</dd>
        <dt>Commit</dt>
        <dd>
          <StyledMono>{environment.deployments[0]?.version?.gitCommitSha?.slice(0, 8) ?? 'None yet'}</StyledMono>
        </dd>
        <dt>Created</dt>
        <dd>{relativeTime(environment.createdAt, now)}</dd>
      </StyledFacts>
      <StyledToggle>
        <input
          type="checkbox"
          checked={environment.autoDeploy}
          disabled={saving || !environment.branch}
          onChange={(event) => void setAutoDeploy({ variables: { projectId, name: environment.name, autoDeploy: event.target.checked } }).catch(() => undefined)}
        />
        Deploy each push to {environment.branch ? <StyledMono>{environment.branch}</StyledMono> : 'its branch'} automatically
      </StyledToggle>
      <StyledToggle>
        <input
          type="checkbox"
          checked={environment.autoRollback}
          disabled={saving}
          onChange={(event) => void setAutoRollback({ variables: { projectId, name: environment.name, autoRollback: event.target.checked } }).catch(() => undefined)}
        />
        Roll back automatically when a deployment crash-loops or keeps failing its health check
      </StyledToggle>
      <ResourcesSection key={`${environment.replicas}/${environment.cpuRequest}/${environment.cpuLimit}/${environment.memoryRequestMb}/${environment.memoryLimitMb}`} projectId={projectId} environment={environment} />
      {environment.variables.length > 0 ? (
        <>
          {hasSensitive && (
            <Button variant="secondary" size="sm" aria-pressed={showSensitive} onClick={() => setShowSensitive((shown) => !shown)}>
              {showSensitive ? 'Hide sensitive values' : 'Show sensitive values'}
            </Button>
          )}
          <StyledTable caption={`Variables of ${environment.name}`} columns={['Name', 'Value', 'From']}>
            {environment.variables.map((variable) => (
              <tr key={variable.name}>
                <th scope="row">
                  <StyledMono>{variable.name}</StyledMono> {variable.sensitive && <Badge tone="warning">Sensitive</Badge>}
                </th>
                <td>
                  <StyledMono>{variable.sensitive && !showSensitive ? maskValue(variable.value) : variable.value}</StyledMono>
                </td>
                <td>{variable.source === 'project' ? 'Project' : 'This environment'}</td>
              </tr>
            ))}
          </StyledTable>
        </>
      ) : (
        <StyledMuted>No variables.</StyledMuted>
      )}
      {environment.deployments.length > 0 ? (
        <StyledTable caption={`Latest deployments to ${environment.name}`} columns={['Version', 'Commit', 'Status', 'Created']}>
          {environment.deployments.map((deployment) => (
            <tr key={deployment.id}>
              <td>{deployment.version?.versionTag ?? 'Deleted version'}</td>
              <td>
                <StyledMono>{deployment.version?.gitCommitSha?.slice(0, 8) ?? '-'}</StyledMono>
              </td>
              <td>
                {deployment.status}
                {deployment.errorMessage ? `: ${deployment.errorMessage}` : ''}
              </td>
              <td>{relativeTime(deployment.createdAt, now)}</td>
            </tr>
          ))}
        </StyledTable>
      ) : (
        <StyledMuted>No deployments yet.</StyledMuted>
      )}
      <DomainsSection projectId={projectId} environment={environment.name} />
    </Card>
  );
}

function PushesCard({ pushes, now }: { pushes: PushRowFragment[]; now: number }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Recent pushes</CardTitle>
      {pushes.length === 0 ? (
        <StyledMuted>No pushes yet. A push to an environment’s branch deploys it there when its auto-deploy is on.</StyledMuted>
      ) : (
        <StyledPushes>
          {pushes.map((push) => (
            <li key={push.id}>
              <Badge tone={OUTCOME_TONES[push.outcome] ?? 'neutral'}>{push.outcome}</Badge> {push.summary}
              {push.environment ? ` to ${push.environment}` : ''}
              {push.runStatus ? ` (run ${push.runStatus})` : ''}
              {push.reason ? `: ${push.reason}` : ''} <span>{relativeTime(push.createdAt, now)}</span>
            </li>
          ))}
        </StyledPushes>
      )}
    </Card>
  );
}
