import styled from '@emotion/styled';
import { BUILD_LOG_STEP_IDS, streamTitle } from '@slipway/domain';
import { useEffect, useId, useRef } from 'react';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { useNow } from '../hooks/useNow';
import {
  absoluteTime,
  currentStep,
  displayedProgress,
  relativeTime,
  pipelineDuration,
  runDurationSeconds,
  runTimes,
  stepDurationSeconds,
  STEP_STATUS_LABELS,
  stepTime,
  timelineStepStatus,
  type PipelineRunStatus,
  type PipelineStepStatus,
  type PipelineStepView,
  type PipelineView,
} from '../pipeline-view';
import { PipelineStatusBadge } from './PipelineStatusBadge';
import { StepIcon } from './StepIcon';

const RUN_ENDED: Record<PipelineRunStatus, string> = { running: '', completed: 'Completed', failed: 'Failed', cancelled: 'Cancelled' };

const STEP_STATUS_TONES: Record<PipelineStepStatus, BadgeTone> = {
  pending: 'neutral',
  running: 'info',
  completed: 'success',
  failed: 'danger',
  skipped: 'neutral',
};

const StyledHeading = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: theme.spacing(3),
}));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2) }));

const StyledSummary = styled.p(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(3),
  margin: theme.spacing(0, 0, 2),
  fontSize: theme.fontSizes.sm,
}));

const StyledTrack = styled.div(({ theme }) => ({
  height: theme.spacing(2),
  marginBottom: theme.spacing(4),
  background: theme.colors.surfaceMuted,
  borderRadius: theme.radii.pill,
  overflow: 'hidden',
}));

/** The bar takes the run's colour: a failed or cancelled run does not keep the running blue. */
const StyledBar = styled.div(({ theme }) => ({
  height: '100%',
  background: theme.colors.primary,
  borderRadius: theme.radii.pill,
  transition: `width ${theme.transitions.fast}`,
  '&[data-status="completed"]': { background: theme.colors.success },
  '&[data-status="failed"]': { background: theme.colors.danger },
  '&[data-status="cancelled"]': { background: theme.colors.warning },
}));

const StyledSteps = styled.ol({ margin: 0, padding: 0, listStyle: 'none' });

const StyledStep = styled.li(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr) max-content',
  gap: theme.spacing(1, 3),
  padding: theme.spacing(3, 0),
  borderTop: `1px solid ${theme.colors.border}`,
  '&[data-status="not_completed"]': { color: theme.colors.textMuted },
}));

const StyledIcon = styled.span(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: theme.spacing(7),
  height: theme.spacing(7),
  borderRadius: '50%',
  background: theme.colors.surfaceMuted,
  color: theme.colors.text,
  '[data-status="in_progress"] > &': { background: theme.colors.primarySoft, color: theme.colors.primary },
  '[data-failed] > &': { background: theme.colors.dangerSoft, color: theme.colors.danger },
}));

const StyledStepName = styled.span(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.spacing(2), fontWeight: theme.fontWeights.medium }));

const StyledStepText = styled.p(({ theme }) => ({ margin: theme.spacing(1, 0, 0), fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

const StyledStepError = styled.p(({ theme }) => ({ margin: theme.spacing(1, 0, 0), fontSize: theme.fontSizes.sm, color: theme.colors.danger, overflowWrap: 'anywhere' }));

const StyledTime = styled.span(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  gap: theme.spacing(1),
  fontSize: theme.fontSizes.xs,
  color: theme.colors.textMuted,
  whiteSpace: 'nowrap',
}));

const StyledSubsteps = styled.ul(({ theme }) => ({
  margin: theme.spacing(2, 0, 0),
  padding: theme.spacing(0, 0, 0, 4),
  borderLeft: `2px solid ${theme.colors.border}`,
  listStyle: 'none',
  fontSize: theme.fontSizes.sm,
}));

const StyledRanOn = styled.span(({ theme }) => ({ fontWeight: theme.fontWeights.regular, color: theme.colors.textMuted }));

/** 'ran on the local cluster' once the step ran; 'runs on …' before and while it runs. */
function ranOnText(status: PipelineStepStatus, place: string): string {
  return status === 'completed' || status === 'failed' ? `ran on ${place}` : `runs on ${place}`;
}

const StyledStepLink = styled.div(({ theme }) => ({ marginTop: theme.spacing(2) }));

const StyledMuted = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.textMuted }));

export interface PipelineActions {
  onRetry: () => void;
  onCancel: () => void;
  /** A retry or cancel is under way. */
  busy: boolean;
  /** The last retry or cancel failed with this message. */
  error: string | null;
  onDismissError: () => void;
}

/** A moment shown relative ('2 min ago'), with the absolute time on hover and for screen readers. */
function Moment({ at, children }: { at: string; children: string }) {
  const absolute = absoluteTime(at);
  return (
    <time dateTime={at} title={absolute}>
      {children}
      <VisuallyHidden> ({absolute})</VisuallyHidden>
    </time>
  );
}

/** Spec section 4: failed steps show as done, with a failed mark. */
function StepStatus({ status }: { status: PipelineStepStatus }) {
  const label = status === 'running' ? 'In progress' : STEP_STATUS_LABELS[status];
  return (
    <Badge tone={STEP_STATUS_TONES[status]}>
      {status === 'failed' && <span aria-hidden="true">✕&nbsp;</span>}
      {label}
    </Badge>
  );
}

type BuildVersion = NonNullable<PipelineView['buildVersion']>;

interface TimelineStepProps {
  step: PipelineStepView;
  now: number;
  current: boolean;
  /** The version whose build log this step writes, when it is a build step that has started. */
  buildVersion?: BuildVersion | null;
  onOpenBuildLog?: (version: BuildVersion) => void;
}

function TimelineStep({ step, now, current, buildVersion, onOpenBuildLog }: TimelineStepProps) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // jsdom has no layout and no scrollIntoView.
    if (current) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [current]);
  const time = stepTime(step, now);
  const timestamp = step.completedAt ?? step.updatedAt;
  const duration = stepDurationSeconds(step, now);
  return (
    <StyledStep
      ref={ref}
      data-step={step.processorName}
      data-status={timelineStepStatus(step.status)}
      data-failed={step.status === 'failed' ? '' : undefined}
      aria-current={current ? 'step' : undefined}
    >
      <StyledIcon>
        <StepIcon icon={step.icon} />
      </StyledIcon>
      <div>
        <StyledStepName>
          <span>
            {step.label}
            {step.ranOn && <StyledRanOn> — {ranOnText(step.status, step.ranOn)}</StyledRanOn>}
          </span>
          <StepStatus status={step.status} />
        </StyledStepName>
        {step.description && <StyledStepText>{step.description}</StyledStepText>}
        {step.errorMessage && <StyledStepError>{step.errorMessage}</StyledStepError>}
        {buildVersion && onOpenBuildLog && (
          <StyledStepLink>
            <Button size="sm" variant="secondary" onClick={() => onOpenBuildLog(buildVersion)}>
              {step.status === 'running' ? `View live build log of ${buildVersion.versionTag}` : `View build log of ${buildVersion.versionTag}`}
            </Button>
          </StyledStepLink>
        )}
        {step.substeps.length > 0 && (
          <StyledSubsteps aria-label={`${step.label} substeps`}>
            {step.substeps.map((substep) => (
              <li key={substep.name}>
                <StyledStepName>
                  <span>{substep.name}</span>
                  <StepStatus status={substep.status} />
                </StyledStepName>
                {substep.description && <StyledStepText>{substep.description}</StyledStepText>}
              </li>
            ))}
          </StyledSubsteps>
        )}
      </div>
      <StyledTime>
        {step.status === 'running' && step.startedAt ? (
          <span>
            {time} since <Moment at={step.startedAt}>{new Date(step.startedAt).toLocaleTimeString()}</Moment>
          </span>
        ) : step.status === 'running' || step.status === 'pending' ? (
          <span>{time}</span>
        ) : (
          <Moment at={timestamp}>{time}</Moment>
        )}
        {duration !== null && (
          <span data-testid="step-duration">
            {step.status === 'running' ? 'Running for ' : 'Took '}
            {pipelineDuration(duration)}
          </span>
        )}
      </StyledTime>
    </StyledStep>
  );
}

/**
 * The pipeline panel of the project's Overview (spec sections 2 and 4): the run's title by stream, '{completed}
 * of {total} steps completed', a progress bar (at least 8 percent wide), the overall status, and each step with its
 * icon, status, description, substeps and time; it scrolls to the current step. Retry offers itself on a failed
 * run and Cancel on a running one.
 */
export interface PipelineTimelineProps {
  pipeline: PipelineView | null;
  actions?: PipelineActions;
  /** Opens the build log of the version the run builds (its build step offers it once started). */
  onOpenBuildLog?: (version: BuildVersion) => void;
}

export function PipelineTimeline({ pipeline, actions, onOpenBuildLog }: PipelineTimelineProps) {
  const titleId = useId();
  // Each second while the run runs: its running step's and its own durations count up.
  const now = useNow(pipeline?.overallStatus === 'running' ? 1000 : 30_000);
  if (!pipeline) {
    return (
      <Card aria-label="Pipeline">
        <CardTitle>Pipeline</CardTitle>
        <StyledMuted>No active streams found for this project</StyledMuted>
      </Card>
    );
  }
  const title = streamTitle(pipeline.streamName);
  const current = currentStep(pipeline);
  const showCurrent = pipeline.overallStatus === 'running' ? current?.processorName : undefined;
  const times = runTimes(pipeline);
  const runDuration = runDurationSeconds(pipeline, now);
  return (
    <Card aria-labelledby={titleId} data-testid="pipeline-timeline">
      <StyledHeading>
        <CardTitle id={titleId}>{title}</CardTitle>
        {actions && (
          <StyledActions>
            {pipeline.overallStatus === 'failed' && (
              <Button size="sm" onClick={actions.onRetry} disabled={actions.busy}>
                Retry
              </Button>
            )}
            {pipeline.overallStatus === 'running' && (
              <Button size="sm" variant="secondary" onClick={actions.onCancel} disabled={actions.busy}>
                Cancel
              </Button>
            )}
          </StyledActions>
        )}
      </StyledHeading>
      {actions?.error && <ErrorBanner message={actions.error} onDismiss={actions.onDismissError} />}
      <StyledSummary role="status" aria-live="polite">
        <span>
          {pipeline.completedProcessors} of {pipeline.totalProcessors} steps completed
        </span>
        <span>{pipeline.progressPercent}%</span>
        <PipelineStatusBadge status={pipeline.overallStatus} />
      </StyledSummary>
      {times.startedAt && runDuration !== null && (
        <StyledSummary data-testid="run-duration">
          <span>
            Started <Moment at={times.startedAt}>{relativeTime(times.startedAt, now)}</Moment>
          </span>
          {times.endedAt && (
            <span>
              {RUN_ENDED[pipeline.overallStatus]} <Moment at={times.endedAt}>{relativeTime(times.endedAt, now)}</Moment>
            </span>
          )}
          <span>
            {pipeline.overallStatus === 'running' ? 'Running for' : 'Took'} {pipelineDuration(runDuration)}
          </span>
        </StyledSummary>
      )}
      <StyledTrack
        role="progressbar"
        aria-label={`${title} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pipeline.progressPercent}
        aria-valuetext={`${pipeline.progressPercent} percent`}
      >
        <StyledBar data-status={pipeline.overallStatus} style={{ width: `${displayedProgress(pipeline.progressPercent)}%` }} />
      </StyledTrack>
      <StyledSteps aria-label={`${title} steps`}>
        {pipeline.processors.map((step) => (
          <TimelineStep
            key={step.processorName}
            step={step}
            now={now}
            current={step.processorName === showCurrent}
            buildVersion={BUILD_LOG_STEP_IDS.includes(step.processorName) && step.startedAt ? pipeline.buildVersion : null}
            onOpenBuildLog={onOpenBuildLog}
          />
        ))}
      </StyledSteps>
    </Card>
  );
}
