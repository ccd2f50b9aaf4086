import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFakeDigitalOcean, type FakeDigitalOcean, type FakeDigitalOceanOptions } from '../../fakes/digitalocean/fake-digitalocean.js';
import { startFakeDockerHub, type FakeDockerHub } from '../../fakes/dockerhub/fake-dockerhub.js';
import { startFakeGitHub, type FakeGitHub } from '../../fakes/github/fake-github.js';
import { startTestApp, type TestApp } from './test-app.js';

export interface CloudFakes {
  app: TestApp;
  /** The app's data directory (repositories, artifacts, build logs). */
  dataDir: string;
  /** A connection to the test app's database, to search what Slipway stored. */
  db: pg.Client;
  github: FakeGitHub;
  hub: FakeDockerHub;
  /** Null when not asked for: Slipway's DigitalOcean API URL then points at a port nothing answers. */
  digitalOcean: FakeDigitalOcean | null;
  close(): Promise<void>;
}

/** The range of load-balancer ports each test file's fake cluster takes, apart from other files' (and pools'). */
const PORTS_PER_FILE = 50;

/**
 * Slipway pointed at the fakes of server/fakes, for one test file: GitHub (its Actions runner does what the
 * templates' workflows do: build, then push to the fake Docker Hub with the repository's secrets), Docker Hub,
 * and DigitalOcean with its Kubernetes when asked (its nodes pull from the fake Docker Hub unless `pullImage` says
 * otherwise). `portSlot` (0 or 1) keeps the load balancers of two files apart.
 */
export async function startCloudFakes(options: {
  name: string;
  dockerUsers?: Record<string, string>;
  digitalOcean?: { portSlot: 0 | 1; tokens?: string[]; pullImage?: (reference: string, hub: FakeDockerHub) => Promise<string | null> };
  /** More environment for Slipway, over the fakes' URLs. */
  env?: Record<string, string>;
}): Promise<CloudFakes> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `slipway-${options.name}-`));
  chmodSync(dataDir, 0o711);
  const hub = await startFakeDockerHub({ users: options.dockerUsers });
  const github = await startFakeGitHub({ dockerHub: { registryUrl: hub.registryUrl, hubUrl: hub.hubUrl } });
  let digitalOcean: FakeDigitalOcean | null = null;
  if (options.digitalOcean) {
    const { portSlot, tokens, pullImage } = options.digitalOcean;
    const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
    const from = 29_000 + ((poolId - 1) % 10) * 2 * PORTS_PER_FILE + portSlot * PORTS_PER_FILE;
    const settings: FakeDigitalOceanOptions = {
      pullImage: (reference) => (pullImage ? pullImage(reference, hub) : hub.imageFile(reference)),
      tokens,
      stablePorts: { from, to: from + PORTS_PER_FILE - 1 },
    };
    digitalOcean = await startFakeDigitalOcean(settings);
  }
  const app = await startTestApp({
    dataDir,
    env: {
      SLIPWAY_GITHUB_API_URL: github.url,
      SLIPWAY_DOCKERHUB_URL: hub.hubUrl,
      SLIPWAY_DOCKER_REGISTRY_URL: hub.registryUrl,
      // Without the fake, nothing answers there: no test may reach the real DigitalOcean.
      SLIPWAY_DIGITALOCEAN_API_URL: digitalOcean?.apiUrl ?? 'http://127.0.0.1:9',
      // The fake's workflow runs end in about a second: looking every 5 s would only make the tests wait.
      SLIPWAY_GITHUB_POLL_SECONDS: '1',
      ...options.env,
    },
  });
  const db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  return {
    app,
    dataDir,
    db,
    github,
    hub,
    digitalOcean,
    async close() {
      await db.end();
      await app.stop();
      await Promise.all([github.close(), hub.close(), digitalOcean?.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
