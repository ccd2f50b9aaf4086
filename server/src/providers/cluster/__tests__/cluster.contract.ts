import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Artifact } from '../../registry/registry.port.js';
import type { AppRuntime, AppStatus, Cluster, DeployHooks, DeploySpec } from '../cluster.port.js';

export interface ClusterHarness {
  /** The adapter under test. */
  cluster: Cluster;
  /**
   * Simulates a restart of Slipway: the old adapter shuts down, a new one on the same backing store (local: the
   * same data directory) restores; answers the new one, which the suite uses from then on.
   */
  restart(): Promise<Cluster>;
  /** An artifact of the static-site template whose index page shows `marker`, stored where the adapter finds it. */
  makeArtifact(marker: string): Promise<Artifact>;
  /** Stops everything the suite started (no process, server or connection may outlive the suite). */
  close(): Promise<void>;
}

export interface ClusterContractOptions {
  open(): Promise<ClusterHarness>;
  /** The static-site template's runtime (templates/static-site/files/slipway.json). */
  runtime: AppRuntime;
}

export function deployHooks(lines: string[] = []): DeployHooks {
  return { signal: new AbortController().signal, onLog: (line) => void lines.push(line) };
}

/** The page at `url`, retried while the app comes up (at most `timeoutMs`). */
export async function page(url: string, timeoutMs = 0): Promise<{ status: number; text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      const result = { status: response.status, text: await response.text() };
      if (result.status === 200 || Date.now() >= deadline) return result;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await sleep(100);
  }
}

/** True when nothing accepts connections at `url` (a new connection each time: no kept-alive one from earlier requests). */
export function refusesConnections(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(false);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    req.end();
  });
}

/**
 * What every Cluster adapter promises, with a real app (the static-site template): a stable URL across
 * revisions and restarts, idempotent deploys, rolling updates that keep the old revision when the new one
 * is unhealthy, rollback by deploying an older artifact, and removal.
 */
export function clusterContract(label: string, options: ClusterContractOptions) {
  describe(`${label} (cluster contract)`, () => {
    let harness: ClusterHarness;
    let cluster: Cluster;
    let first: Artifact;
    let second: Artifact;
    /** Where the test reaches the app: its loopback URL on the local cluster (no front door here), else its URL. */
    let url: string;
    let addresses: Pick<AppStatus, 'url' | 'loopbackUrl'>;
    const name = `site-${randomUUID().slice(0, 8)}`;
    const spec = (artifact: Artifact, overrides: Partial<DeploySpec> = {}): DeploySpec => ({
      name,
      projectId: randomUUID(),
      ownerId: randomUUID(),
      artifact,
      runtime: options.runtime,
      environment: { GREETING: 'hello' },
      replicas: 1,
      healthTimeoutSeconds: 20,
      ...overrides,
    });

    beforeAll(async () => {
      harness = await options.open();
      cluster = harness.cluster;
      [first, second] = [await harness.makeArtifact('First edition'), await harness.makeArtifact('Second edition')];
    });
    afterAll(async () => {
      await harness?.close();
    });

    it('knows nothing of an app it never deployed', async () => {
      expect(await cluster.status(name)).toBeNull();
    });

    it('deploys an app that answers on a stable loopback URL', async () => {
      const lines: string[] = [];
      const status = await cluster.deploy(spec(first), deployHooks(lines));
      expect(status).toMatchObject({ name, state: 'running', digest: first.digest, revision: 1, replicas: 1 });
      expect(status.url).toMatch(/^http:\/\/[a-z0-9.-]+:\d+\/$/);
      expect(status.loopbackUrl === null || /^http:\/\/127\.0\.0\.1:\d+\/$/.test(status.loopbackUrl)).toBe(true);
      // Where it runs, in Kubernetes' names (real objects or their local equivalents), all named.
      expect(status.placement).toEqual({ namespace: expect.any(String), deployment: expect.any(String), service: expect.any(String) });
      addresses = { url: status.url, loopbackUrl: status.loopbackUrl };
      url = status.loopbackUrl ?? status.url!;
      const { status: code, text } = await page(url);
      expect(code).toBe(200);
      expect(text).toContain('First edition');
      expect(await cluster.status(name)).toEqual(status);
      expect(lines.length).toBeGreaterThan(0);
    });

    it("answers the app's output as its logs", async () => {
      // templates/static-site/files/server.mjs prints this once it listens.
      expect((await cluster.logs(name, 50)).join('\n')).toMatch(/Listening on port \d+/);
      expect(await cluster.logs(`${name}-absent`, 50)).toEqual([]);
    });

    it('treats deploying the artifact that already serves as a no-op', async () => {
      const status = await cluster.deploy(spec(first), deployHooks());
      expect(status).toMatchObject({ state: 'running', digest: first.digest, revision: 1, ...addresses });
    });

    it('rolls out a new revision behind the same URL', async () => {
      const status = await cluster.deploy(spec(second), deployHooks());
      expect(status).toMatchObject({ state: 'running', digest: second.digest, revision: 2, ...addresses });
      expect((await page(url)).text).toContain('Second edition');
    });

    it('keeps the serving revision when the new one fails its health check, and says why', async () => {
      const unhealthy = spec(first, { runtime: { ...options.runtime, healthPath: '/no-such-health-check' }, healthTimeoutSeconds: 2 });
      await expect(cluster.deploy(unhealthy, deployHooks())).rejects.toThrow(/did not become healthy.*revision 2 keeps serving/);
      expect(await cluster.status(name)).toMatchObject({ state: 'running', digest: second.digest, revision: 2, ...addresses });
      expect((await page(url)).text).toContain('Second edition');
    });

    it('rolls back by deploying an older artifact', async () => {
      const status = await cluster.deploy(spec(first), deployHooks());
      expect(status).toMatchObject({ state: 'running', digest: first.digest, ...addresses });
      expect(status.revision).toBeGreaterThan(2);
      expect((await page(url)).text).toContain('First edition');
    });

    it('serves the same URL again after Slipway restarts', async () => {
      const before = await cluster.status(name);
      cluster = await harness.restart();
      const { status, text } = await page(url, 20_000);
      expect(status).toBe(200);
      expect(text).toContain('First edition');
      expect(await cluster.status(name)).toEqual(before);
    });

    it('removes the app: the URL refuses connections and removing again is a no-op', async () => {
      await cluster.remove(name);
      expect(await cluster.status(name)).toBeNull();
      expect(await refusesConnections(url)).toBe(true);
      await cluster.remove(name);
      expect(await cluster.status(name)).toBeNull();
      expect(await cluster.logs(name, 50)).toEqual([]);
    });
  });
}
