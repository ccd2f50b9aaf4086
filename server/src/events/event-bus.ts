import type { RunStatus } from '../pipelines/pipeline-run.entity.js';
import type { StepStatus } from '../pipelines/pipeline-step.entity.js';

/** The pull request actions Slipway acts on: the first three deploy its head to its preview, `closed` removes it. */
export type PullRequestAction = 'opened' | 'reopened' | 'synchronize' | 'closed';

/** Everything one Slipway process tells the others; features add their topics here. */
export interface AppEvents {
  /** A session was revoked (logout): cached sign-ins for it must go. */
  'session.revoked': { sessionId: string };
  /** A user's account changed or was deleted: cached copies of that user must go. */
  'user.changed': { userId: string };
  /** A pipeline run or one of its steps changed (ids only: readers load the run); `seq` is the run's change counter. */
  'pipeline.updated': { runId: string; projectId: string | null; seq: number; status: RunStatus; stepId?: string; stepStatus?: StepStatus };
  /** A version's row changed (its build's status or log tail): live followers of the version load it again. */
  'version.updated': { versionId: string; ownerId: string };
  /**
   * Someone pushed to a project's repository (over Slipway's git HTTP, or on GitHub, told by its webhook): per branch,
   * its head before and after (null for a new or a deleted branch), who pushed (a Slipway user's id, null for a push on
   * GitHub; and a name to show) and the first line of the new head's message (at most 200 characters). A GitHub pull
   * request event comes as one for its head branch (`after`: its head commit; `before` only for `synchronize`) with
   * `pullRequest` set, and `message` its title.
   */
  'repository.pushed': {
    projectId: string;
    ownerId: string;
    pusherId: string | null;
    pusherName: string;
    branch: string;
    before: string | null;
    after: string | null;
    message: string | null;
    /** Set for a pull request event: `delivery` is GitHub's delivery id (one event, whatever its action repeats). */
    pullRequest?: { number: number; action: PullRequestAction; delivery: string };
  };
  /** A deployment of the project changed (status, traffic, health checks, events) or was deleted: live views load it again. */
  'deployment.updated': { deploymentId: string; projectId: string; ownerId: string };
  /** A project member's role changed or they were removed (committed): their running subscriptions on it are checked again. */
  'member.changed': { projectId: string; userId: string };
  /** Entries were appended to the audit log (committed): live followers read what is new. */
  'audit.appended': Record<string, never>;
}

export type AppEventTopic = keyof AppEvents;
export type AppEventHandler<T extends AppEventTopic> = (payload: AppEvents[T]) => void;

/**
 * Events between the parts of Slipway and between its processes (API and workers share one database, embedded
 * or not): LISTEN/NOTIFY, see PostgresEventBus.
 */
export interface EventBus {
  publish<T extends AppEventTopic>(topic: T, payload: AppEvents[T]): Promise<void>;
  subscribe<T extends AppEventTopic>(topic: T, handler: AppEventHandler<T>): () => void;
  /**
   * True while every event published anywhere is known to reach this process. Caches that rely on events
   * for invalidation must not serve entries while this is false, and are told to forget everything on `onGap`.
   */
  isLive(): boolean;
  onGap(handler: () => void): () => void;
  close(): Promise<void>;
}
