import styled from '@emotion/styled';
import { isBuildInProgress } from '@slipway/domain';
import { useEffect, useRef, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { VersionCardFragment } from '../../../generated/graphql';
import { useVersionBuildLogSubscription } from '../../../generated/hooks';
import { Badge } from '../../../ui/Badge';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { BUILD_STATUS_LABELS, BUILD_STATUS_TONES } from '../version-list-params';
import { fetchWholeBuildLog } from '../version-rest';

const StyledStatus = styled.p(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2), margin: theme.spacing(0, 0, 3) }));

const StyledLog = styled.pre(({ theme }) => ({
  margin: 0,
  minHeight: '240px',
  maxHeight: '60vh',
  padding: theme.spacing(3, 4),
  overflow: 'auto',
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
  color: theme.colors.textInverse,
  background: theme.colors.sidebar,
  borderRadius: theme.radii.md,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  '&:focus-visible': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
}));

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(3) }));

/** The whole build log, fetched once the build is not running (again if it ran once more since). */
function useWholeBuildLog(projectId: string, versionId: string, ended: boolean) {
  const [state, setState] = useState<{ log?: string; error?: string }>({});
  useEffect(() => {
    if (!ended) return;
    let current = true;
    fetchWholeBuildLog(projectId, versionId).then(
      (log) => current && setState({ log }),
      (error: unknown) => current && setState({ error: apiErrorMessage(error, 'Failed to load the whole build log') }),
    );
    return () => {
      current = false;
    };
  }, [projectId, versionId, ended]);
  return state;
}

/** What the modal needs of the version to start: the live build subscription then sends the rest. */
export type BuildLogVersion = Pick<VersionCardFragment, 'id' | 'versionTag' | 'buildStatus'> & { buildLog?: string };

export interface BuildLogModalProps {
  projectId: string;
  version: BuildLogVersion;
  onClose: () => void;
}

/**
 * 'Build Logs' of a version: follows a running build live (the build subscription: a snapshot, then every change)
 * and shows the whole log once it has ended. Mount it to open it.
 */
export function BuildLogModal({ projectId, version, onClose }: BuildLogModalProps) {
  const live = useVersionBuildLogSubscription({ variables: { versionId: version.id } });
  const current = live.data?.versionBuild.version ?? version;
  const running = isBuildInProgress(current.buildStatus);
  const whole = useWholeBuildLog(projectId, version.id, !running);
  const log = (running ? live.data?.versionBuild.logTail : whole.log) ?? current.buildLog;
  const logRef = useRef<HTMLPreElement>(null);

  useEffect(() => {
    // While the build runs, the newest line stays in view.
    const element = logRef.current;
    if (running && element) element.scrollTop = element.scrollHeight;
  }, [log, running]);

  return (
    <Modal isOpen onClose={onClose} title={`Build Logs: ${version.versionTag}`} size="lg">
      {whole.error && (
        <StyledBanner>
          <ErrorBanner variant="warning" message={whole.error} />
        </StyledBanner>
      )}
      {live.error && (
        <StyledBanner>
          <ErrorBanner variant="warning" message={apiErrorMessage(live.error, 'The live build log is unavailable')} />
        </StyledBanner>
      )}
      <StyledStatus role="status">
        Build status: <Badge tone={BUILD_STATUS_TONES[current.buildStatus]}>{BUILD_STATUS_LABELS[current.buildStatus]}</Badge>
        {running && <span>Following the build live...</span>}
      </StyledStatus>
      <StyledLog ref={logRef} role="region" tabIndex={0} aria-label={`Build log of ${version.versionTag}`} data-testid="build-log">
        {log || 'No output yet.'}
      </StyledLog>
    </Modal>
  );
}
