import { Repeater, SlidingBuffer } from '@repeaterjs/repeater';
import { logUnexpected } from '../../common/log.js';
import type { EventBus } from '../../events/event-bus.js';
import type { PipelineStatus } from './pipeline-status.model.js';

/** Loads a project's latest run for its owner; null while it has none. */
export type LoadLatest = (projectId: string, ownerId: string) => Promise<PipelineStatus | null>;

/**
 * One subscriber's snapshots as an async iterator. `start` is handed the functions that offer a snapshot and end
 * the feed, and returns what stops its sources once the feed ends; it runs on the first read. A snapshot is
 * complete, so only the newest one not yet read is kept: a slow reader skips intermediate ones instead of
 * queueing them. Repeats (as `isRepeat` tells, by default a snapshot of the same run with a seq it already has)
 * are dropped.
 */
export function snapshots<T>(
  start: (offer: (snapshot: T) => void, end: () => void) => () => void,
  isRepeat: (last: T, next: T) => boolean = sameRunChange as (last: T, next: T) => boolean,
): AsyncIterableIterator<T> {
  return new Repeater<T>(async (push, stop) => {
    let last: T | null = null;
    const stopSources = start((snapshot) => {
      if (last && isRepeat(last, snapshot)) return;
      last = snapshot;
      void push(snapshot);
    }, stop);
    await stop;
    stopSources();
  }, new SlidingBuffer(1));
}

function sameRunChange(last: PipelineStatus, next: PipelineStatus): boolean {
  return last.id === next.id && next.seq <= last.seq;
}

/** The subscribers of one project: one load per change, shared by all of them. */
class ProjectWatch {
  readonly subscribers = new Set<(status: PipelineStatus) => void>();
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
          for (const offer of this.subscribers) offer(status);
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
    return snapshots((offer) => {
      let watch = this.watches.get(projectId);
      if (!watch) {
        watch = new ProjectWatch(() => this.load(projectId, ownerId));
        this.watches.set(projectId, watch);
      }
      const subscribers = watch.subscribers;
      subscribers.add(offer);
      watch.refresh();
      return () => {
        subscribers.delete(offer);
        if (subscribers.size === 0 && this.watches.get(projectId)?.subscribers === subscribers) this.watches.delete(projectId);
      };
    });
  }
}
