import { logUnexpected } from '../../common/log.js';
import type { EventBus } from '../../events/event-bus.js';
import type { PipelineStatus } from './pipeline-status.model.js';

/** Loads a project's latest run for its owner; null while it has none. */
export type LoadLatest = (projectId: string, ownerId: string) => Promise<PipelineStatus | null>;

/**
 * One subscriber's snapshots as an async iterator. A snapshot is complete, so only the newest one not yet
 * read is kept: a slow reader skips intermediate ones instead of queueing them. Repeats (as `isRepeat` tells,
 * by default a snapshot of the same run with a seq it already has) are dropped.
 */
export class Snapshots<T = PipelineStatus> implements AsyncIterableIterator<T> {
  private unread: T | null = null;
  private last: T | null = null;
  private reader: ((result: IteratorResult<T>) => void) | null = null;
  private ended = false;

  constructor(
    private readonly onEnd: () => void,
    private readonly isRepeat: (last: T, next: T) => boolean = sameRunChange as (last: T, next: T) => boolean,
  ) {}

  offer(status: T): void {
    if (this.ended || (this.last && this.isRepeat(this.last, status))) return;
    this.last = status;
    const reader = this.reader;
    this.reader = null;
    if (reader) reader({ value: status, done: false });
    else this.unread = status;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.unread) {
      const value = this.unread;
      this.unread = null;
      return Promise.resolve({ value, done: false });
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.reader = resolve));
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.ended) {
      this.ended = true;
      this.unread = null;
      this.onEnd();
      this.reader?.({ value: undefined, done: true });
      this.reader = null;
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

function sameRunChange(last: PipelineStatus, next: PipelineStatus): boolean {
  return last.id === next.id && next.seq <= last.seq;
}

/** The subscribers of one project: one load per change, shared by all of them. */
class ProjectWatch {
  readonly subscribers = new Set<Snapshots>();
  private seen: { runId: string; seq: number } | null = null;
  private loading = false;
  private again = false;

  constructor(private readonly load: () => Promise<PipelineStatus | null>) {}

  /** An event for a run of the project: a repeat or an older change is dropped, anything else reloads. */
  changed(runId: string, seq: number): void {
    if (this.seen?.runId === runId && seq <= this.seen.seq) return;
    this.refresh();
  }

  /** Loads the latest run and offers it to every subscriber; while a load runs, one more follows it. */
  refresh(): void {
    if (this.loading) {
      this.again = true;
      return;
    }
    this.loading = true;
    void this.reload();
  }

  private async reload(): Promise<void> {
    do {
      this.again = false;
      try {
        const status = await this.load();
        if (status) {
          this.seen = { runId: status.id, seq: status.seq };
          for (const subscriber of this.subscribers) subscriber.offer(status);
        }
      } catch (error) {
        // The next event (or the next gap) loads again.
        logUnexpected('pipeline subscription', error);
      }
    } while (this.again && this.subscribers.size > 0);
    this.loading = false;
  }
}

/**
 * Live pipeline snapshots per project for this process's subscribers. Every 'pipeline.updated' event of a
 * project's run (a new run of the project too) loads the project's latest run once for all its subscribers;
 * a gap in the events (the bus reconnected, or missed a publisher's event) reloads every followed project.
 */
export class PipelineFeed {
  private readonly watches = new Map<string, ProjectWatch>();

  constructor(
    bus: EventBus,
    private readonly load: LoadLatest,
  ) {
    bus.subscribe('pipeline.updated', ({ runId, projectId, seq }) => {
      if (projectId) this.watches.get(projectId)?.changed(runId, seq);
    });
    bus.onGap(() => {
      for (const watch of this.watches.values()) watch.refresh();
    });
  }

  /** The project's current snapshot (once it has a run), then one per change; the caller checked the owner. */
  follow(projectId: string, ownerId: string): AsyncIterableIterator<PipelineStatus> {
    let watch = this.watches.get(projectId);
    if (!watch) {
      watch = new ProjectWatch(() => this.load(projectId, ownerId));
      this.watches.set(projectId, watch);
    }
    const subscribers = watch.subscribers;
    const snapshots = new Snapshots(() => {
      subscribers.delete(snapshots);
      if (subscribers.size === 0 && this.watches.get(projectId)?.subscribers === subscribers) this.watches.delete(projectId);
    });
    subscribers.add(snapshots);
    watch.refresh();
    return snapshots;
  }
}
