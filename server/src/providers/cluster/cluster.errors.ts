import { AppError, ErrorCode } from '../../common/app-error.js';

/** Errors of the cluster adapters; their messages are safe to show the project's owner (no secrets, no app output). */

export const invalidDeploySpec = (name: string, why: string) =>
  new AppError(ErrorCode.BadUserInput, `Cannot deploy ${JSON.stringify(name.slice(0, 100))}: ${why}`, { reason: 'INVALID_DEPLOY_SPEC' });

export const artifactNotStored = (image: string) =>
  new AppError(ErrorCode.NotFound, `The artifact ${image} is not stored on this machine`, { reason: 'ARTIFACT_NOT_STORED' });

export const artifactUnreadable = (image: string, why: string) =>
  new AppError(ErrorCode.BadUserInput, `The artifact ${image} could not be unpacked (${why})`, { reason: 'ARTIFACT_UNREADABLE' });

/** The new revision never answered its health check; `fallback` says what serves instead. */
export const revisionUnhealthy = (revision: number, why: string, fallback: string) =>
  new AppError(ErrorCode.Conflict, `Revision ${revision} did not become healthy: ${why}; ${fallback}`, { reason: 'REVISION_UNHEALTHY' });

export const noStablePortLeft = (from: number, to: number) =>
  new AppError(ErrorCode.Conflict, `No free port left for a loopback URL in ${from}–${to}`, { reason: 'NO_STABLE_PORT' });

export const tooManyApps = (limit: number) =>
  new AppError(ErrorCode.Conflict, `The local cluster runs at most ${limit} apps`, { reason: 'TOO_MANY_APPS' });

export const CLUSTER_OWNED_ELSEWHERE = 'CLUSTER_OWNED_ELSEWHERE';

export const clusterOwnedElsewhere = (owner: number) =>
  new AppError(ErrorCode.Conflict, `The local cluster is run by another Slipway process (${owner})`, { reason: CLUSTER_OWNED_ELSEWHERE });

export const METRICS_UNAVAILABLE = 'METRICS_UNAVAILABLE';

/** The cluster serves no resource metrics API: CPU and memory cannot be read (requests still are). */
export const metricsUnavailable = () =>
  new AppError(
    ErrorCode.Conflict,
    "Metrics unavailable: the cluster has no metrics API (metrics.k8s.io), so its pods' CPU and memory cannot be read; install metrics-server in the cluster to see them",
    { reason: METRICS_UNAVAILABLE },
  );

export const clusterShuttingDown = () => new AppError(ErrorCode.Conflict, 'The local cluster is shutting down', { reason: 'CLUSTER_SHUTTING_DOWN' });

/** No sandbox on this machine, and another user's code already runs here (see sandbox.ts). */
export const unsandboxedNeighbour = (why: string) => new AppError(ErrorCode.Conflict, why, { reason: 'UNSANDBOXED_NEIGHBOUR' });

/** A canary is compared with the revision serving: without one there is nothing to compare it with. */
export const nothingServing = (name: string) =>
  new AppError(ErrorCode.Conflict, `${name} has no healthy revision serving: a canary needs one to compare with`, { reason: 'NOTHING_SERVING' });

export const noCanary = (name: string) => new AppError(ErrorCode.Conflict, `No canary runs for ${name}`, { reason: 'NO_CANARY' });
