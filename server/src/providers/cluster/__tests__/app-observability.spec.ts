import { appendFile, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followAppLog } from '../app-log-follow.js';
import { AppLog, parseLogLine, plainLogLine } from '../app-log.js';
import { addBuckets, LATENCY_BOUNDS_MS, LATENCY_BUCKETS, latencyBucket, latencyPercentile, TrafficRecorder } from '../app-traffic.js';
import type { AppLogEntry } from '../cluster.port.js';

/** How many times the log follower has looked at a file (each poll stats it first, then reads what is new). */
const looks = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  return { ...fs, stat: (...args: Parameters<typeof fs.stat>) => ((looks.count += 1), fs.stat(...args)) };
});

describe('latency buckets', () => {
  it('put each latency in the first bucket whose bound holds it, and the longest in the open one', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(0.5)).toBe(0);
    expect(latencyBucket(0.51)).toBe(1);
    for (const [index, bound] of LATENCY_BOUNDS_MS.entries()) {
      expect(latencyBucket(bound)).toBe(index);
      expect(latencyBucket(bound * 1.01)).toBe(index + 1);
    }
    expect(latencyBucket(3_600_000)).toBe(LATENCY_BUCKETS - 1);
  });

  it('give percentiles within a fifth of the true latency, and none without requests', () => {
    const recorder = new TrafficRecorder();
    // 90 requests at 10 ms, 9 at 200 ms, 1 at 2 s: p50 ≈ 10, p95 ≈ 200, p99 ≈ 200 (the 99th of 100), max bucket 2 s.
    for (let i = 0; i < 90; i++) recorder.record(200, 10);
    for (let i = 0; i < 9; i++) recorder.record(i < 3 ? 500 : 200, 200);
    recorder.record(502, 2_000);
    const { requests, errors, latencyBuckets } = recorder.drain();
    expect({ requests, errors }).toEqual({ requests: 100, errors: 4 });
    const near = (value: number | null, expected: number) => {
      expect(value).not.toBeNull();
      expect(value!).toBeGreaterThan(expected / 1.2);
      expect(value!).toBeLessThanOrEqual(expected * 1.2);
    };
    near(latencyPercentile(latencyBuckets, 0.5), 10);
    near(latencyPercentile(latencyBuckets, 0.95), 200);
    near(latencyPercentile(latencyBuckets, 0.99), 200);
    near(latencyPercentile(latencyBuckets, 1), 2_000);
    expect(latencyPercentile(new Array(LATENCY_BUCKETS).fill(0), 0.5)).toBeNull();
    // A drain starts the counts anew.
    expect(recorder.drain()).toMatchObject({ requests: 0, errors: 0 });
  });

  it('add up across samples, so a range shows the percentiles of all its requests', () => {
    const a = new TrafficRecorder();
    const b = new TrafficRecorder();
    for (let i = 0; i < 50; i++) a.record(200, 5);
    for (let i = 0; i < 50; i++) b.record(200, 500);
    const sum = addBuckets(addBuckets([], a.drain().latencyBuckets), b.drain().latencyBuckets);
    expect(sum.reduce((total, count) => total + count, 0)).toBe(100);
    expect(latencyPercentile(sum, 0.25)!).toBeLessThan(6);
    expect(latencyPercentile(sum, 0.75)!).toBeGreaterThan(400);
  });
});

describe('app log lines', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'slipway-app-log-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keep their instance, stream and time, and read as before as plain lines', async () => {
    const log = new AppLog(path.join(dir, 'app.log'));
    const before = Date.now();
    log.appendEntry({ instance: 'r2-1', stream: 'stdout', line: 'listening' });
    log.appendEntry({ instance: 'r2-2', stream: 'stderr', line: '{"not":"ours"}' });
    log.append('[slipway] Revision 2 exited with code 3; restarting in 1 s');
    const entries = await log.entries(10);
    expect(entries.map(({ at: _at, ...entry }) => entry)).toEqual([
      { instance: 'r2-1', stream: 'stdout', line: 'listening' },
      { instance: 'r2-2', stream: 'stderr', line: '{"not":"ours"}' },
      { instance: 'slipway', stream: 'system', line: 'Revision 2 exited with code 3; restarting in 1 s' },
    ]);
    for (const entry of entries) expect(entry.at!.getTime()).toBeGreaterThanOrEqual(before);
    for (const entry of entries) expect(entry.at!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await log.tail(10)).toEqual(['[r2] listening', '[r2] {"not":"ours"}', '[slipway] Revision 2 exited with code 3; restarting in 1 s']);
    expect(await log.entries(1)).toHaveLength(1);
    expect(await log.entries(0)).toEqual([]);
  });

  it('of logs written before lines carried a time are read too', () => {
    expect(parseLogLine('[r3] hello')).toEqual({ instance: 'r3', stream: 'stdout', line: 'hello', at: null });
    expect(parseLogLine('[slipway] gave up')).toEqual({ instance: 'slipway', stream: 'system', line: 'gave up', at: null });
    expect(parseLogLine('something else')).toEqual({ instance: 'slipway', stream: 'system', line: 'something else', at: null });
    expect(plainLogLine({ instance: 'r12-3', stream: 'stderr', line: 'x', at: null })).toBe('[r12] x');
  });

  it('are followed: the last lines, then each new one, across a rotation, until aborted', async () => {
    const file = path.join(dir, 'app.log');
    const stored = (line: string) => `${JSON.stringify({ t: new Date().toISOString(), i: 'r1-1', s: 'stdout', l: line })}\n`;
    await writeFile(file, stored('one') + stored('two') + stored('three'));
    const stop = new AbortController();
    const seen: string[] = [];
    const following = (async () => {
      for await (const entry of followAppLog(file, 2, stop.signal, 20) as AsyncIterable<AppLogEntry>) {
        seen.push(entry.line);
        if (seen.length === 5) stop.abort();
      }
    })();
    const until = (count: number) => vi.waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(count), { timeout: 2_000, interval: 10 });
    await until(2);
    expect(seen).toEqual(['two', 'three']);
    // A line written in two parts is sent once, whole.
    const four = stored('four');
    await appendFile(file, four.slice(0, 10));
    // Two looks after the write: the first read the half line, the second came after it sent whatever it would.
    const before = looks.count;
    await vi.waitFor(() => expect(looks.count).toBeGreaterThanOrEqual(before + 2), { timeout: 2_000, interval: 10 });
    expect(seen).toHaveLength(2);
    await appendFile(file, four.slice(10));
    await until(3);
    // Rotation: the rest of the old file moves to app.log.1, new lines go to a new app.log.
    await appendFile(file, stored('five'));
    await rename(file, `${file}.1`);
    await writeFile(file, stored('six'));
    await following;
    expect(seen).toEqual(['two', 'three', 'four', 'five', 'six']);
  });
});
