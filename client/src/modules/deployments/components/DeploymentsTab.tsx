import styled from '@emotion/styled';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { Card } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { focusHeading, focusIsLost } from '../../../ui/focus-heading';
import { LoadingText } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';
import { Pager } from '../../../ui/Pager';
import { DEPLOYMENT_MESSAGES } from '../deployment-format';
import { isDeploymentListFiltered } from '../deployment-list-params';
import { useActiveDeployments, useDeploymentHistory } from '../hooks/useDeploymentLists';
import { useDeploymentUpdates } from '../hooks/useDeploymentUpdates';
import { useRollback } from '../hooks/useRollback';
import { ActiveDeploymentCard } from './ActiveDeploymentCard';
import { CanaryPanel } from './CanaryPanel';
import { DeploymentDetailsDialog } from './DeploymentDetailsDialog';
import { DeploymentFilters } from './DeploymentFilters';
import { DeploymentHistoryTable } from './DeploymentHistoryTable';
import { DeploymentLogsDialog } from './DeploymentLogsDialog';
import { RollbackDialog } from './RollbackDialog';

// The charting library is loaded with the first Metrics dialog, not with the project page.
const DeploymentMetricsDialog = lazy(() => import('./DeploymentMetricsDialog').then((module) => ({ default: module.DeploymentMetricsDialog })));

/** Page numbers shown around the current one (as the Versions tab). */
const PAGE_WINDOW = 5;

const StyledStack = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(5) }));

const StyledTitle = styled.h2(({ theme }) => ({ marginBottom: theme.spacing(4), fontSize: theme.fontSizes.xl }));

const StyledCards = styled.ul(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
  gap: theme.spacing(4),
  margin: 0,
  padding: 0,
  listStyle: 'none',
  [theme.breakpoints.sm]: { gridTemplateColumns: 'minmax(0, 1fr)' },
}));

const StyledEmpty = styled.div(({ theme }) => ({ padding: theme.spacing(8, 4), textAlign: 'center', color: theme.colors.textMuted }));

const StyledEmptyTitle = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 1), color: theme.colors.text, fontWeight: theme.fontWeights.bold }));

function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <StyledEmpty>
      <StyledEmptyTitle>{title}</StyledEmptyTitle>
      <p>{text}</p>
    </StyledEmpty>
  );
}

type Dialog =
  | { kind: 'details'; deployment: DeploymentCardFragment }
  | { kind: 'metrics'; deployment: DeploymentCardFragment }
  | { kind: 'logs'; deployment: DeploymentCardFragment };

export interface DeploymentsTabProps {
  projectId: string;
  /** Focus the tab's first heading once shown (the page switched here after a deploy, the Deploy button is gone). */
  focusOnOpen?: boolean;
}

/**
 * The project's Deployments tab (spec section 2): Active Deployments cards and the Deployment History with its
 * filters, pager, details, metrics, logs and rollback, kept current live (or by polling, see useDeploymentUpdates).
 */
export function DeploymentsTab({ projectId, focusOnOpen = false }: DeploymentsTabProps) {
  const active = useActiveDeployments(projectId);
  const history = useDeploymentHistory(projectId);
  const rollback = useRollback(projectId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const activeTitleId = useId();
  const historyTitleId = useId();
  const activeTitleRef = useRef<HTMLHeadingElement>(null);
  const { page, params, query } = history;
  const watched = [...(active.deployments ?? []), ...(page?.deployments ?? [])];
  const { polling } = useDeploymentUpdates(projectId, watched);
  const canary = watched.find((deployment) => deployment.strategy === 'canary' && (deployment.status === 'pending' || deployment.status === 'deploying'));
  const canaryServing = canary ? (active.deployments?.find((deployment) => deployment.environment === canary.environment) ?? null) : null;

  useEffect(() => {
    if (focusOnOpen && activeTitleRef.current) focusHeading(activeTitleRef.current);
  }, [focusOnOpen]);

  const rolledBack = useRef(false);
  useEffect(() => {
    // A rolled-back deployment's card leaves with the Rollback button that had focus: the section's title takes it.
    if (!rolledBack.current || !focusIsLost() || !activeTitleRef.current) return;
    rolledBack.current = false;
    focusHeading(activeTitleRef.current);
  }, [active.deployments]);
  const confirmRollback = async () => {
    rolledBack.current = await rollback.confirm();
  };

  const loadError = [active.query.error, query.error].find((error) => error && error !== dismissedError);
  const close = () => setDialog(null);
  const retry = () => {
    void active.query.refetch().catch(() => undefined);
    void query.refetch().catch(() => undefined);
  };
  const openers = {
    onMetrics: (deployment: DeploymentCardFragment) => setDialog({ kind: 'metrics', deployment }),
    onLogs: (deployment: DeploymentCardFragment) => setDialog({ kind: 'logs', deployment }),
  };

  let cards;
  if (!active.deployments && active.query.loading) cards = <LoadingText>Loading deployments...</LoadingText>;
  else if (active.deployments?.length === 0) cards = <EmptyState title="No active deployments" text="Deploy a version to see it running here." />;
  else if (active.deployments) {
    cards = (
      <StyledCards aria-label="Active deployment list">
        {active.deployments.map((deployment) => (
          <li key={deployment.id}>
            <ActiveDeploymentCard deployment={deployment} {...openers} onRollback={rollback.ask} busy={rollback.busy} />
          </li>
        ))}
      </StyledCards>
    );
  }

  let table;
  if (!page && query.loading) table = <LoadingText>Loading deployment history...</LoadingText>;
  else if (page && page.deployments.length === 0) {
    table = isDeploymentListFiltered(params) || params.page > 1 ? (
      <EmptyState title="No deployments found" text="Try adjusting your search or filters." />
    ) : (
      <EmptyState title="No deployments yet" text="Every deployment of this project will be recorded here." />
    );
  } else if (page) {
    table = (
      <div aria-busy={query.loading}>
        <DeploymentHistoryTable
          deployments={page.deployments}
          onOpen={(deployment) => setDialog({ kind: 'details', deployment })}
          onRollback={rollback.ask}
          busy={rollback.busy}
        />
        <Pager
          page={page.page}
          totalPages={page.totalPages}
          windowSize={PAGE_WINDOW}
          edges="previous-next"
          summary={`Showing page ${page.page} of ${page.totalPages} (${page.count} deployments)`}
          onPage={history.setPage}
        />
      </div>
    );
  }

  return (
    <StyledStack>
      {loadError && (
        <ErrorBanner message={apiErrorMessage(loadError, DEPLOYMENT_MESSAGES.load)} onRetry={retry} onDismiss={() => setDismissedError(loadError)} />
      )}
      {rollback.error && <ErrorBanner message={rollback.error} onDismiss={rollback.dismissError} />}
      {polling && <ErrorBanner variant="info" message="Live updates are unavailable; deployment statuses are checked every few seconds." />}
      {canary && <CanaryPanel projectId={projectId} canary={canary} serving={canaryServing} />}
      <Card aria-labelledby={activeTitleId}>
        <StyledTitle id={activeTitleId} ref={activeTitleRef}>
          Active Deployments
        </StyledTitle>
        {cards}
      </Card>
      <Card aria-labelledby={historyTitleId}>
        <StyledTitle id={historyTitleId}>Deployment History{page && ` (${page.count})`}</StyledTitle>
        <DeploymentFilters params={params} onSearch={history.setSearch} onStatus={history.setStatus} onSort={history.setSort} />
        {table}
      </Card>
      {dialog?.kind === 'details' && <DeploymentDetailsDialog deployment={dialog.deployment} onClose={close} />}
      {dialog?.kind === 'metrics' && (
        <Suspense
          fallback={
            <Modal isOpen onClose={close} title="Metrics" size="lg">
              <LoadingText>Loading metrics...</LoadingText>
            </Modal>
          }
        >
          <DeploymentMetricsDialog deployment={dialog.deployment} onClose={close} />
        </Suspense>
      )}
      {dialog?.kind === 'logs' && <DeploymentLogsDialog deployment={dialog.deployment} onClose={close} />}
      {rollback.confirming && (
        <RollbackDialog deployment={rollback.confirming} busy={rollback.busy} onConfirm={() => void confirmRollback()} onClose={rollback.cancel} />
      )}
    </StyledStack>
  );
}
