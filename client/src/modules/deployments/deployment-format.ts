import { DEPLOYMENT_STATUS_LABELS, DEPLOYMENT_STRATEGY_LABELS } from '@slipway/domain';
import type { DeploymentHealth, DeploymentStatus, DeploymentStrategy } from '../../generated/graphql';
import type { BadgeTone } from '../../ui/Badge';
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
