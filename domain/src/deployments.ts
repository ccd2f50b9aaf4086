/**
 * Spec sections 4 and 9 rules for deployments: the server derives and checks them, the client shows them, so
 * each is written once here.
 */

/** Spec section 9: the deployment history is listed 10 to a page; active deployments are fetched 10 at a time. */
export const DEPLOYMENTS_PAGE_SIZE = 10;
export const ACTIVE_DEPLOYMENTS_LIMIT = 10;
/** Spec section 9: replicas default to 1; a deployment runs at most this many. */
export const DEFAULT_REPLICAS = 1;
export const MAX_REPLICAS = 5;
export const DEFAULT_ENVIRONMENT = 'production';
/** Spec section 9: the metrics range shown first. */
export const DEFAULT_METRICS_RANGE = '5m';
/** The metrics ranges a client may ask for, with their length in seconds. */
export const METRICS_RANGES: Record<string, number> = { '5m': 300, '15m': 900, '1h': 3600, '6h': 21600, '24h': 86400 };
/** What the UI sends as the reason of a manual rollback (spec section 8). */
export const MANUAL_ROLLBACK_REASON = 'Manual rollback via UI';

/** Spec section 4's deployment status labels. */
export const DEPLOYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  deploying: 'Deploying',
  ready: 'Ready',
  active: 'Active',
  rolled_back: 'Rolled Back',
  cleaning_up: 'Cleaning Up',
  rolling_back: 'Rolling Back',
  archived: 'Archived',
};

/** Spec section 4's strategy labels (only rolling is offered for choice). */
export const DEPLOYMENT_STRATEGY_LABELS: Record<string, string> = {
  initial: 'Initial',
  rolling: 'Rolling Update',
  all_at_once: 'All at Once',
  canary: 'Canary',
};

/** What happened to a deployment, in order (its events). */
export const DEPLOYMENT_EVENT_TYPES = [
  'scheduled',
  'started',
  'healthy',
  'unhealthy',
  'traffic_shifted',
  'drained',
  'stopped',
  'failed',
  'rolled_back',
  'archived',
  'url_changed',
] as const;
export type DeploymentEventType = (typeof DEPLOYMENT_EVENT_TYPES)[number];

export type DeploymentHealthState = 'healthy' | 'unhealthy' | 'checking' | 'unknown';

/**
 * Spec section 4: unhealthy if any check is unhealthy; checking if any is pending; healthy if all are healthy;
 * otherwise (and with no checks) unknown.
 */
export function deploymentHealth(checks: ReadonlyArray<{ status: string }>): DeploymentHealthState {
  if (checks.length === 0) return 'unknown';
  if (checks.some((check) => check.status === 'unhealthy')) return 'unhealthy';
  if (checks.some((check) => check.status === 'pending')) return 'checking';
  if (checks.every((check) => check.status === 'healthy')) return 'healthy';
  return 'unknown';
}

/** Spec section 4: a deployment that is pending or deploying is polled for its status (when the socket is down). */
export function isDeploymentInProgress(status: string): boolean {
  return status === 'pending' || status === 'deploying' || status === 'rolling_back' || status === 'cleaning_up';
}
