import styled from '@emotion/styled';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { StyledLabel, controlStyles } from '../../../ui/fields/FieldShell';
import { Modal } from '../../../ui/Modal';
import { useDeploymentLogLines } from '../hooks/useDeploymentLogLines';
import { LOG_LEVELS, LOG_LEVEL_LABELS, filterLogLines, logFileText, logLevelOf, type LogLevel } from '../log-lines';

const StyledToolbar = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  marginBottom: theme.spacing(3),
  fontSize: theme.fontSizes.sm,
}));

const StyledFilters = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: theme.spacing(3) }));

const StyledFilter = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

const StyledInput = styled.input(({ theme }) => controlStyles({ theme, invalid: false }));

const StyledSelect = styled.select(({ theme }) => controlStyles({ theme, invalid: false }));

const StyledButtons = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2) }));

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

const StyledTime = styled.time(({ theme }) => ({ marginRight: theme.spacing(2), color: theme.colors.sidebarText }));

const StyledInstance = styled.span(({ theme }) => ({ marginRight: theme.spacing(2), color: theme.colors.sidebarText }));

const StyledStderr = styled.span(({ theme }) => ({ color: theme.colors.dangerSoft }));

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(3) }));

/** A line's time as the view shows it: the local clock time, to the second (the date on hover). */
const clockTime = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Saves the text as a file through a temporary link. */
function saveText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url));
}

export interface DeploymentLogsDialogProps {
  deployment: DeploymentCardFragment;
  onClose: () => void;
}

/**
 * The deployment's app output, following it live: each line with its time and instance, a search, a level filter
 * (offered once the app's lines state levels), Pause/Follow and Download (the lines shown, as text). While following,
 * the newest line stays in view and new lines are announced politely (a log region); Pause freezes the view (and
 * stops announcing) until Follow. Mount it to open it.
 */
export function DeploymentLogsDialog({ deployment, onClose }: DeploymentLogsDialogProps) {
  const searchId = useId();
  const levelId = useId();
  const { lines, polling } = useDeploymentLogLines(deployment.id);
  const [following, setFollowing] = useState(true);
  const [frozen, setFrozen] = useState(lines);
  const [search, setSearch] = useState('');
  const [level, setLevel] = useState<LogLevel | ''>('');
  const received = following ? lines : frozen;
  const shown = useMemo(() => filterLogLines(received, search, level), [received, search, level]);
  const hasLevels = useMemo(() => lines.some((line) => logLevelOf(line.line) !== null), [lines]);
  const logRef = useRef<HTMLDivElement>(null);
  const name = `${deployment.environment} ${deployment.version?.versionTag ?? ''}`.trim();
  const filtered = search.trim() !== '' || level !== '';

  useEffect(() => {
    const element = logRef.current;
    if (following && element) element.scrollTop = element.scrollHeight;
  }, [shown, following]);

  const toggle = () => {
    if (following) setFrozen(lines);
    setFollowing(!following);
  };

  const newLines = lines.length - frozen.length;
  return (
    <Modal isOpen onClose={onClose} title={`Logs: ${name}`} size="lg">
      {polling && (
        <StyledBanner>
          <ErrorBanner variant="warning" message="The live log is unavailable; new lines are fetched every few seconds." />
        </StyledBanner>
      )}
      <StyledToolbar>
        <StyledFilters>
          <StyledFilter>
            <StyledLabel htmlFor={searchId}>Search logs</StyledLabel>
            <StyledInput id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Text or instance" />
          </StyledFilter>
          {hasLevels && (
            <StyledFilter>
              <StyledLabel htmlFor={levelId}>Level</StyledLabel>
              <StyledSelect id={levelId} value={level} onChange={(event) => setLevel(event.target.value as LogLevel | '')}>
                <option value="">All levels</option>
                {LOG_LEVELS.map((value) => (
                  <option key={value} value={value}>
                    {LOG_LEVEL_LABELS[value]}
                  </option>
                ))}
              </StyledSelect>
            </StyledFilter>
          )}
        </StyledFilters>
        <StyledButtons>
          <Button size="sm" variant="secondary" aria-pressed={!following} onClick={toggle}>
            {following ? 'Pause' : 'Follow'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={shown.length === 0}
            onClick={() => saveText(`${deployment.environment}-${deployment.version?.versionTag ?? deployment.id}-logs.txt`, logFileText(shown))}
          >
            Download
          </Button>
        </StyledButtons>
      </StyledToolbar>
      <StyledBanner as="p" role="status">
        {following ? 'Following live' : `Paused: ${newLines > 0 ? `${newLines} new lines` : 'no new lines'}`}
        {filtered && ` · ${shown.length} of ${received.length} lines match`}
      </StyledBanner>
      <StyledLog
        ref={logRef}
        role="log"
        aria-live={following ? 'polite' : 'off'}
        aria-label={`Logs of ${name}`}
        tabIndex={0}
        data-testid="deployment-log"
      >
        {shown.length === 0 ? (
          filtered && received.length > 0 ? (
            'No lines match.'
          ) : (
            'No output yet.'
          )
        ) : (
          <StyledLines>
            {shown.map((line, index) => (
              // Lines have no id; their place in the (append-only) list is stable.
              <li key={`${index}-${line.at ?? ''}`}>
                {line.at && (
                  <StyledTime dateTime={line.at} title={new Date(line.at).toLocaleString()}>
                    {clockTime(line.at)}
                  </StyledTime>
                )}
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
