import styled from '@emotion/styled';
import { useEffect, useRef } from 'react';
import { useCommandLogQuery } from '../../../generated/hooks';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { focusIsLost } from '../../../ui/focus-heading';
import { PANEL_CLEAR_DELAY_MS, absoluteTime, outputLengthNote, relativeTime, shortId } from '../log-format';
import { SuccessBadge, TypeBadge } from './LogBadges';

const StyledPanel = styled('aside', { shouldForwardProp: (prop) => prop !== 'open' })<{ open: boolean }>(({ theme, open }) => ({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  zIndex: theme.zIndex.sidebar,
  display: 'flex',
  flexDirection: 'column',
  width: 'min(480px, 100vw)',
  background: theme.colors.surface,
  borderLeft: `1px solid ${theme.colors.border}`,
  boxShadow: theme.shadows.modal,
  transform: open ? 'none' : 'translateX(100%)',
  visibility: open ? 'visible' : 'hidden',
  // The slide takes as long as the content stays after closing.
  transition: `transform ${PANEL_CLEAR_DELAY_MS}ms ease-out, visibility ${PANEL_CLEAR_DELAY_MS}ms`,
}));

const StyledHeader = styled.header(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
  padding: theme.spacing(4, 5),
  borderBottom: `1px solid ${theme.colors.border}`,
}));

const StyledTitle = styled.h2(({ theme }) => ({ fontSize: theme.fontSizes.lg, fontWeight: theme.fontWeights.bold }));

const StyledBody = styled.div(({ theme }) => ({ flex: 1, overflowY: 'auto', padding: theme.spacing(4, 5) }));

const StyledFacts = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: theme.spacing(2, 4),
  margin: theme.spacing(0, 0, 5),
  fontSize: theme.fontSizes.sm,
  dt: { color: theme.colors.textMuted },
  dd: { margin: 0, overflowWrap: 'anywhere' },
}));

const StyledCode = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono }));

const StyledOutputTitle = styled.h3(({ theme }) => ({ marginBottom: theme.spacing(2), fontSize: theme.fontSizes.md }));

const StyledNote = styled.p(({ theme }) => ({
  margin: theme.spacing(0, 0, 2),
  padding: theme.spacing(2, 3),
  fontSize: theme.fontSizes.sm,
  color: theme.colors.warning,
  background: theme.colors.warningSoft,
  borderRadius: theme.radii.sm,
}));

const StyledOutputFigure = styled.figure({ margin: 0 });

const StyledOutput = styled.pre(({ theme }) => ({
  margin: 0,
  padding: theme.spacing(3),
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  background: theme.colors.surfaceMuted,
  borderRadius: theme.radii.md,
}));

const StyledEmpty = styled.span(({ theme }) => ({ color: theme.colors.textMuted }));

function LogDetail({ id, now }: { id: string; now: number }) {
  const { data, loading, error, refetch } = useCommandLogQuery({ variables: { id } });
  const log = data?.commandLog;
  if (error) {
    // The hook reports the outcome of a retry; its promise's rejection adds nothing.
    return <ErrorBanner message="Failed to fetch log details" onRetry={() => void refetch().catch(() => undefined)} />;
  }
  if (!log || loading) return <LoadingText>Loading log details...</LoadingText>;
  const note = outputLengthNote(log.output);
  return (
    <>
      <StyledFacts>
        <dt>ID</dt>
        <dd>
          <StyledCode title={log.id}>{shortId(log.id)}</StyledCode>
        </dd>
        <dt>User ID</dt>
        <dd>
          <StyledCode title={log.userId}>{shortId(log.userId)}</StyledCode>
        </dd>
        <dt>Command</dt>
        <dd>
          <StyledCode>{log.command}</StyledCode>
        </dd>
        <dt>Type</dt>
        <dd>
          <TypeBadge type={log.type} />
        </dd>
        <dt>Success</dt>
        <dd>
          <SuccessBadge success={log.success} />
        </dd>
        <dt>Time</dt>
        <dd>
          <time dateTime={log.createdAt}>
            {relativeTime(log.createdAt, now)} ({absoluteTime(log.createdAt)})
          </time>
        </dd>
      </StyledFacts>
      <StyledOutputTitle>Output</StyledOutputTitle>
      {note && <StyledNote>{note}</StyledNote>}
      {/* A <pre> may not carry a label (ARIA in HTML), a figure may. */}
      <StyledOutputFigure aria-label="Log output">
        <StyledOutput>{log.output || <StyledEmpty>(no output)</StyledEmpty>}</StyledOutput>
      </StyledOutputFigure>
    </>
  );
}

interface LogDetailPanelProps {
  /** The log shown; null once the panel has closed and cleared. */
  logId: string | null;
  open: boolean;
  now: number;
  onClose(): void;
}

/** The side panel with one log's full details, loaded by id; Escape or Close closes it. */
export function LogDetailPanel({ logId, open, now, onClose }: LogDetailPanelProps) {
  // Closing hides the panel and with it its Close button: focus goes back to where it was on opening (the row).
  const opener = useRef<HTMLElement | null>(null);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    if (opener.current?.isConnected && (focusIsLost() || panelRef.current?.contains(document.activeElement))) opener.current.focus();
    opener.current = null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <StyledPanel ref={panelRef} open={open} aria-label="Log details" aria-hidden={!open} data-testid="log-detail-panel">
      <StyledHeader>
        <StyledTitle>Log details</StyledTitle>
        <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close details">
          ×
        </Button>
      </StyledHeader>
      <StyledBody>{logId && <LogDetail key={logId} id={logId} now={now} />}</StyledBody>
    </StyledPanel>
  );
}
