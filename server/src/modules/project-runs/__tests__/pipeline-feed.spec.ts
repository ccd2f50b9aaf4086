import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import type { AppEventHandler, AppEventTopic, AppEvents, EventBus } from '../../../events/event-bus.js';
import { RunStatus } from '../../../pipelines/pipeline-run.entity.js';
import { PipelineFeed } from '../pipeline-feed.js';
import { PipelineStatus } from '../pipeline-status.model.js';

/** The bus's contract in memory: what the feed hears is what the test publishes. */
class MemoryBus implements EventBus {
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly gaps = new Set<() => void>();

  async publish<T extends AppEventTopic>(topic: T, payload: AppEvents[T]): Promise<void> {
    for (const handler of this.handlers.get(topic) ?? []) handler(payload);
  }

  subscribe<T extends AppEventTopic>(topic: T, handler: AppEventHandler<T>): () => void {
    const handlers = this.handlers.get(topic) ?? new Set();
    handlers.add(handler as (payload: unknown) => void);
    this.handlers.set(topic, handlers);
    return () => handlers.delete(handler as (payload: unknown) => void);
  }

  isLive(): boolean {
    return true;
  }

  onGap(handler: () => void): () => void {
    this.gaps.add(handler);
    return () => this.gaps.delete(handler);
  }

  gap(): void {
    for (const handler of this.gaps) handler();
  }

  async close(): Promise<void> {}
}

const PROJECT = '7d3c7a51-0000-4000-8000-000000000001';

/** A project whose latest run the test sets; every load is counted (started, finished) and takes a few milliseconds, as a query does. */
function setup() {
  const bus = new MemoryBus();
  const state = { runId: 'run-1', seq: 0, loads: 0, loaded: 0 };
  const feed = new PipelineFeed(bus, async (projectId) => {
    state.loads += 1;
    const snapshot = { runId: state.runId, seq: state.seq };
    await sleep(5);
    state.loaded += 1;
    return projectId === PROJECT ? Object.assign(new PipelineStatus(), { id: snapshot.runId, seq: snapshot.seq, status: RunStatus.running }) : null;
  });
  const change = async (seq: number, runId = state.runId) => {
    Object.assign(state, { runId, seq });
    await bus.publish('pipeline.updated', { runId, projectId: PROJECT, seq, status: RunStatus.running });
  };
  return { bus, state, feed, change };
}

async function read(iterator: AsyncIterator<PipelineStatus>, count: number): Promise<Array<[string, number]>> {
  const seen: Array<[string, number]> = [];
  for (let index = 0; index < count; index += 1) {
    const { value } = await iterator.next();
    seen.push([value.id, value.seq]);
  }
  return seen;
}

describe('PipelineFeed', () => {
  it('sends the current snapshot first, then each change, dropping repeats and following a new run of the project', async () => {
    const { feed, change } = setup();
    await change(3);
    const snapshots = feed.follow(PROJECT, 'owner');
    expect(await read(snapshots, 1)).toEqual([['run-1', 3]]);
    await change(4);
    expect(await read(snapshots, 1)).toEqual([['run-1', 4]]);
    // A repeat of an event already loaded, and an older one, send nothing.
    await change(4);
    await change(2);
    await change(1, 'run-2');
    expect(await read(snapshots, 1)).toEqual([['run-2', 1]]);
    await snapshots.return!();
    expect(await snapshots.next()).toEqual({ value: undefined, done: true });
  });

  it('loads once per change for all of a project’s subscribers, however many there are', async () => {
    const { feed, state, change } = setup();
    const subscribers = Array.from({ length: 1000 }, () => feed.follow(PROJECT, 'owner'));
    await Promise.all(subscribers.map((subscriber) => read(subscriber, 1)));
    // Joining subscribers share the loads in flight: far fewer than one each.
    expect(state.loads).toBeLessThanOrEqual(3);
    for (let seq = 1; seq <= 5; seq += 1) {
      const before = state.loads;
      await change(seq);
      const seen = await Promise.all(subscribers.map((subscriber) => read(subscriber, 1)));
      expect(seen.every(([[runId, got]]) => runId === 'run-1' && got === seq)).toBe(true);
      expect(state.loads - before).toBe(1);
    }
    await Promise.all(subscribers.map((subscriber) => subscriber.return!()));
  });

  it('loads again after a gap in the events, and sends what changed meanwhile', async () => {
    const { bus, feed, state, change } = setup();
    await change(1);
    const snapshots = feed.follow(PROJECT, 'owner');
    expect(await read(snapshots, 1)).toEqual([['run-1', 1]]);
    // Changes whose events never arrived.
    Object.assign(state, { seq: 4 });
    bus.gap();
    expect(await read(snapshots, 1)).toEqual([['run-1', 4]]);
    // A gap with nothing new sends nothing.
    const loads = state.loads;
    bus.gap();
    await vi.waitFor(() => expect(state.loaded).toBe(loads + 1));
    await change(5);
    expect(await read(snapshots, 1)).toEqual([['run-1', 5]]);
    expect(state.loads).toBe(loads + 2);
    await snapshots.return!();
  });

  it('keeps only the newest unread snapshot for a slow subscriber', async () => {
    const { feed, state, change } = setup();
    await change(1);
    const snapshots = feed.follow(PROJECT, 'owner');
    expect(await read(snapshots, 1)).toEqual([['run-1', 1]]);
    // Each change is loaded and offered before the next, while nothing reads.
    for (let seq = 2; seq <= 4; seq += 1) {
      await change(seq);
      await vi.waitFor(() => expect(state.loaded).toBe(state.loads));
    }
    expect(await read(snapshots, 1)).toEqual([['run-1', 4]]);
    await snapshots.return!();
  });
});
