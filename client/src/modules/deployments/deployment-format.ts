import { DEPLOYMENT_STATUS_LABELS, DEPLOYMENT_STRATEGY_LABELS } from '@slipway/domain';
import type { DeploymentCardFragment, DeploymentHealth, DeploymentStatus, DeploymentStrategy } from '../../generated/graphql';
import type { BadgeTone } from '../../ui/Badge';
import { formatDateTime } from '../projects/components/detail/project-format';
import type { PollOutcome, PollSchedule } from '../pipelines/poll-schedule';

/** Display rules and constants of the Deployments tab (spec sections 2, 4, 8 and 9). */

export const statusLabel = (status: DeploymentStatus) => DEPLOYMENT_STATUS_LABELS[status] ?? status;
export const strategyLabel = (strategy: DeploymentStrategy) => DEPLOYMENT_STRATEGY_LABELS[strategy] ?? strategy;

export const DEPLOYMENT_STATUS_TONES: Record<DeploymentStatus, BadgeTone> = {
  pending: 'neutral',
  deploying: 'info',
  ready: 'info',
  active: 'success',
  rolled_back: 'warning',
  cleaning_up: 'neutral',
  rolling_back: 'warning',
  archived: 'neutral',
  superseded: 'neutral',
};

export const HEALTH_LABELS: Record<DeploymentHealth, string> = {
  healthy: 'Healthy',
  unhealthy: 'Unhealthy',
  checking: 'Checking',
  unknown: 'Unknown',
};

export const HEALTH_TONES: Record<DeploymentHealth, BadgeTone> = {
  healthy: 'success',
  unhealthy: 'danger',
  checking: 'info',
  unknown: 'neutral',
};

/** Spec section 9: durations show as seconds under a minute, minutes under an hour, else hours and minutes. */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined) return null;
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m`;
  return `${Math.floor(whole / 3600)}h ${Math.floor((whole % 3600) / 60)}m`;
}

/** The spec section 4 rule for the card: Rollback shows for an active deployment that replaced another one. */
export const canRollbackCard = (deployment: { status: DeploymentStatus; rollbackTargetId?: string | null }) =>
  deployment.status === 'active' && Boolean(deployment.rollbackTargetId);

/** The rollback question of spec section 2. */
export const rollbackQuestion = (environment: string) => `Are you sure you want to rollback the ${environment} deployment?`;

export type RollbackDirection = 'back' | 'forward' | 'same';

/**
 * Where a rollback moves the environment, by the versions' order in the project: usually back to an older version;
 * forward when the way back holds a newer one (it was deployed after, then replaced by an older one); or to the
 * same version with the environment variables it ran with then.
 */
export function rollbackDirection(deployment: Pick<DeploymentCardFragment, 'version' | 'rollbackTarget'>): RollbackDirection {
  const from = deployment.version?.versionNumber;
  const to = deployment.rollbackTarget?.version?.versionNumber;
  if (from === undefined || to === undefined || from === to) return 'same';
  return to < from ? 'back' : 'forward';
}

const targetTag = (deployment: Pick<DeploymentCardFragment, 'rollbackTarget'>) => deployment.rollbackTarget?.version?.versionTag ?? 'a deleted version';

/** The Rollback button's text: the spec's 'Rollback', naming the target; 'Roll forward' when the target is newer. */
export function rollbackActionLabel(deployment: Pick<DeploymentCardFragment, 'version' | 'rollbackTarget'>): string {
  if (!deployment.rollbackTarget) return 'Rollback';
  return `${rollbackDirection(deployment) === 'forward' ? 'Roll forward' : 'Rollback'} to ${targetTag(deployment)}`;
}

/** What the rollback will do, in a sentence: from which version to which, and in which direction. */
export function rollbackOutcome(deployment: Pick<DeploymentCardFragment, 'environment' | 'version' | 'rollbackTarget'>): string {
  const from = deployment.version?.versionTag ?? 'a deleted version';
  const to = targetTag(deployment);
  const when = deployment.rollbackTarget?.activatedAt ? ` (deployed ${formatDateTime(deployment.rollbackTarget.activatedAt)})` : '';
  const withVariables = 'with the environment variables it ran with';
  const environment = deployment.environment.charAt(0).toUpperCase() + deployment.environment.slice(1);
  switch (rollbackDirection(deployment)) {
    case 'back':
      return `${environment} goes back from ${from} to the older ${to}${when}, ${withVariables}.`;
    case 'forward':
      return `${environment} goes forward from ${from} to the newer ${to}${when}, ${withVariables}: this is not a step back.`;
    default:
      return `${environment} stays on ${to} but returns to the deployment of it${when}, ${withVariables}.`;
  }
}


/** Spec section 8's messages of the tab. */
export const DEPLOYMENT_MESSAGES = {
  load: 'Failed to load deployments',
  create: 'Failed to create deployment',
  rollback: 'Failed to rollback deployment',
  noRollbackTarget: 'No previous deployment found to rollback to',
} as const;

/** After 'Deploy Version' the strategy modal closes and the page switches to the Deployments tab this much later. */
export const DEPLOY_SWITCH_DELAY_MS = 1000;

/** Spec section 9: while the socket is down, deployments in progress are looked up every 5 s ... */
export const DEPLOYMENT_POLL_BASE_MS = 5_000;
/** ... and a lookup slower than 2 s makes the next wait 1.5 times longer, up to 15 s. */
export const DEPLOYMENT_POLL_SLOW_CALL_MS = 2_000;
export const DEPLOYMENT_POLL_SLOW_FACTOR = 1.5;
export const DEPLOYMENT_POLL_MAX_MS = 15_000;
/** Spec section 9: when a polled status changed, the list is fetched again with page 1 and this limit. */
export const DEPLOYMENT_REFRESH_LIMIT = 50;

/**
 * The deployment status polling schedule: 5 s, times 1.5 (up to 15 s) after a call over 2 s. A failed lookup is
 * ignored (spec section 8) and keeps the wait it had.
 */
export const DEPLOYMENT_POLL_SCHEDULE: PollSchedule = {
  baseMs: DEPLOYMENT_POLL_BASE_MS,
  next: (previousDelay: number, { callMs, error }: PollOutcome) => {
    if (error) return previousDelay;
    if (callMs > DEPLOYMENT_POLL_SLOW_CALL_MS) return Math.min(previousDelay * DEPLOYMENT_POLL_SLOW_FACTOR, DEPLOYMENT_POLL_MAX_MS);
    return DEPLOYMENT_POLL_BASE_MS;
  },
};
