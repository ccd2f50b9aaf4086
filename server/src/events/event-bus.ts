import { EventEmitter } from 'node:events';
import type { RunStatus } from '../pipelines/pipeline-run.entity.js';
import type { StepStatus } from '../pipelines/pipeline-step.entity.js';

/** Everything one Slipway process tells the others; features add their topics here. */
export interface AppEvents {
  /** A session was revoked (logout): cached sign-ins for it must go. */
  'session.revoked': { sessionId: string };
  /** A user's account changed or was deleted: cached copies of that user must go. */
  'user.changed': { userId: string };
  /** A pipeline run or one of its steps changed (ids only: readers load the run); `seq` is the run's change counter. */
  'pipeline.updated': { runId: string; seq: number; status: RunStatus; stepId?: string; stepStatus?: StepStatus };
}

export type AppEventTopic = keyof AppEvents;
export type AppEventHandler<T extends AppEventTopic> = (payload: AppEvents[T]) => void;

/**
 * Events between the parts of Slipway. Embedded mode is one process, so the in-process bus is enough;
 * with a PostgreSQL server several processes share the database and hear each other through LISTEN/NOTIFY.
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

/** Local delivery shared by both buses. */
export class LocalDispatcher {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  dispatch(topic: string, payload: unknown): void {
    this.emitter.emit(topic, payload);
  }

  on<T extends AppEventTopic>(topic: T, handler: AppEventHandler<T>): () => void {
    this.emitter.on(topic, handler);
    return () => this.emitter.off(topic, handler);
  }
}

export class InProcessEventBus implements EventBus {
  private readonly local = new LocalDispatcher();

  async publish<T extends AppEventTopic>(topic: T, payload: AppEvents[T]): Promise<void> {
    this.local.dispatch(topic, payload);
  }

  subscribe<T extends AppEventTopic>(topic: T, handler: AppEventHandler<T>): () => void {
    return this.local.on(topic, handler);
  }

  isLive(): boolean {
    return true;
  }

  onGap(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {}
}
