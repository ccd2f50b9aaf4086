import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { VersionCardFragment } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { focusHeading, focusIsLost } from '../../../ui/focus-heading';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { Pager } from '../../../ui/Pager';
import { useVersionActions } from '../hooks/useVersionActions';
import { useVersionList } from '../hooks/useVersionList';
import { isVersionListFiltered } from '../version-list-params';
import { BuildLogModal } from './BuildLogModal';
import { CreateVersionModal } from './CreateVersionModal';
import { DeleteVersionDialog } from './DeleteVersionDialog';
import { VersionCard } from './VersionCard';
import { VersionFilters } from './VersionFilters';

/** Page numbers shown around the current one. */
const PAGE_WINDOW = 5;

const StyledHeader = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(4),
}));

const StyledTitle = styled.h2(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2), fontSize: theme.fontSizes.xl }));

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

const StyledList = styled.ul(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(4), margin: 0, padding: 0, listStyle: 'none' }));

const StyledEmpty = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: theme.spacing(3),
  padding: theme.spacing(10, 4),
  textAlign: 'center',
  color: theme.colors.textMuted,
}));

const StyledEmptyTitle = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.text, fontSize: theme.fontSizes.lg, fontWeight: theme.fontWeights.bold }));

type Dialog = { kind: 'create' } | { kind: 'logs'; version: VersionCardFragment } | { kind: 'delete'; version: VersionCardFragment };

export interface VersionsTabProps {
  projectId: string;
  /** Opens the deployment strategy modal (the project page passes it); without it Deploy shows disabled. */
  onDeploy?: (version: VersionCardFragment) => void;
}

/** The project's Versions tab: title with the total, filters, version cards, pager, and the version dialogs. */
export function VersionsTab({ projectId, onDeploy }: VersionsTabProps) {
  const list = useVersionList(projectId);
  const actions = useVersionActions(projectId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dismissedError, setDismissedError] = useState<unknown>(null);
  const { page, params, query } = list;
  const loadError = query.error && query.error !== dismissedError ? query.error : null;
  const close = () => setDialog(null);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  useEffect(() => {
    // A deleted version's card leaves with the Delete button that had focus: focus goes to the list's title instead.
    if (!deleted.current || !focusIsLost() || !titleRef.current) return;
    deleted.current = false;
    focusHeading(titleRef.current);
  }, [page]);

  const removeVersion = async (version: VersionCardFragment) => {
    deleted.current = await actions.remove(version);
  };

  let content;
  if (!page && query.loading) content = <LoadingText>Loading versions...</LoadingText>;
  else if (page && page.versions.length === 0) {
    const filtered = isVersionListFiltered(params) || params.page > 1;
    content = (
      <StyledEmpty>
        <StyledEmptyTitle>No versions found</StyledEmptyTitle>
        <p>{filtered ? 'Try adjusting your search or filters.' : 'Create a version to tag and build this project.'}</p>
        {!filtered && <Button onClick={() => setDialog({ kind: 'create' })}>Create First Version</Button>}
      </StyledEmpty>
    );
  } else if (page) {
    content = (
      <>
        <StyledList aria-label="Version list" aria-busy={query.loading}>
          {page.versions.map((version) => (
            <li key={version.id}>
              <VersionCard
                version={version}
                copied={actions.copiedId === version.id}
                busy={actions.busyId === version.id}
                onCopyCommit={actions.copyCommit}
                onDownloadArtifact={actions.download}
                onDeploy={onDeploy}
                onViewLogs={(item) => setDialog({ kind: 'logs', version: item })}
                onArchive={(item) => void actions.archive(item)}
                onRestore={(item) => void actions.restore(item)}
                onDelete={(item) => setDialog({ kind: 'delete', version: item })}
              />
            </li>
          ))}
        </StyledList>
        <Pager
          page={page.page}
          totalPages={page.totalPages}
          windowSize={PAGE_WINDOW}
          edges="previous-next"
          summary={`Showing page ${page.page} of ${page.totalPages}`}
          onPage={list.setPage}
        />
      </>
    );
  }

  return (
    <Card aria-labelledby={titleId}>
      <StyledHeader>
        <StyledTitle id={titleId} ref={titleRef}>
          Versions{page && ` (${page.total})`}
        </StyledTitle>
        <Button onClick={() => setDialog({ kind: 'create' })}>Create Version</Button>
      </StyledHeader>
      <VersionFilters
        params={params}
        onSearch={list.setSearch}
        onStatus={list.setStatus}
        onBuildStatus={list.setBuildStatus}
        onSort={list.setSort}
      />
      {loadError && (
        <StyledBanner>
          <ErrorBanner
            message={apiErrorMessage(loadError, 'Failed to load versions')}
            onRetry={() => void query.refetch().catch(() => undefined)}
            onDismiss={() => setDismissedError(loadError)}
          />
        </StyledBanner>
      )}
      {actions.error && (
        <StyledBanner>
          <ErrorBanner message={actions.error} onDismiss={actions.dismissError} />
        </StyledBanner>
      )}
      {content}
      {dialog?.kind === 'create' && <CreateVersionModal projectId={projectId} onClose={close} />}
      {dialog?.kind === 'logs' && <BuildLogModal projectId={projectId} version={dialog.version} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteVersionDialog versionTag={dialog.version.versionTag} onConfirm={() => removeVersion(dialog.version)} onClose={close} />
      )}
    </Card>
  );
}
