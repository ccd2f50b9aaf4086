import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { useDeploymentLogLines } from '../hooks/useDeploymentLogLines';

const StyledToolbar = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(3),
  fontSize: theme.fontSizes.sm,
}));

const StyledLog = styled.div(({ theme }) => ({
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

const StyledLines = styled.ol({ margin: 0, padding: 0, listStyle: 'none' });

const StyledInstance = styled.span(({ theme }) => ({ marginRight: theme.spacing(2), color: theme.colors.sidebarText }));

const StyledStderr = styled.span(({ theme }) => ({ color: theme.colors.dangerSoft }));

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(3) }));

export interface DeploymentLogsDialogProps {
  deployment: DeploymentCardFragment;
  onClose: () => void;
}

/**
 * The deployment's app output, following it live. While following, the newest line stays in view and new lines
 * are announced politely (a log region); Pause freezes the view (and stops announcing) until Follow.
 * Mount it to open it.
 */
export function DeploymentLogsDialog({ deployment, onClose }: DeploymentLogsDialogProps) {
  const { lines, polling } = useDeploymentLogLines(deployment.id);
  const [following, setFollowing] = useState(true);
  const [frozen, setFrozen] = useState(lines);
  const shown = following ? lines : frozen;
  const logRef = useRef<HTMLDivElement>(null);
  const name = `${deployment.environment} ${deployment.version?.versionTag ?? ''}`.trim();

  useEffect(() => {
    const element = logRef.current;
    if (following && element) element.scrollTop = element.scrollHeight;
  }, [shown, following]);

  const toggle = () => {
    if (following) setFrozen(lines);
    setFollowing(!following);
  };

  return (
    <Modal isOpen onClose={onClose} title={`Logs: ${name}`} size="lg">
      {polling && (
        <StyledBanner>
          <ErrorBanner variant="warning" message="The live log is unavailable; new lines are fetched every few seconds." />
        </StyledBanner>
      )}
      <StyledToolbar>
        <span role="status">
          {following ? 'Following live' : `Paused: ${lines.length - frozen.length > 0 ? `${lines.length - frozen.length} new lines` : 'no new lines'}`}
        </span>
        <Button size="sm" variant="secondary" aria-pressed={!following} onClick={toggle}>
          {following ? 'Pause' : 'Follow'}
        </Button>
      </StyledToolbar>
      <StyledLog
        ref={logRef}
        role="log"
        aria-live={following ? 'polite' : 'off'}
        aria-label={`Logs of ${name}`}
        tabIndex={0}
        data-testid="deployment-log"
      >
        {shown.length === 0 ? (
          'No output yet.'
        ) : (
          <StyledLines>
            {shown.map((line, index) => (
              // Lines have no id; their place in the (append-only) list is stable.
              <li key={index}>
                <StyledInstance>[{line.instance}]</StyledInstance>
                {line.stream === 'stderr' ? <StyledStderr>{line.line}</StyledStderr> : line.line}
              </li>
            ))}
          </StyledLines>
        )}
      </StyledLog>
    </Modal>
  );
}
