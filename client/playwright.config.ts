import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { fakeCloudPorts, fakeCloudSettingsFile, fakeCloudUrls } from './e2e/fake-cloud';

/** A fresh data directory (embedded PostgreSQL) for every run, against the built server and client. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-e2e-'));
// Run as root, builds run as nobody, who must be able to pass through the data directory to reach its build directory.
chmodSync(dataDir, 0o711);
// Several people (and helpers) may run e2e at once on one machine: E2E_PORT picks a free port.
const port = Number(process.env.E2E_PORT ?? 4510);
// The fake cloud the Slipway under test points at (e2e/cloud.spec.ts), on ports derived from E2E_PORT.
const fakePorts = fakeCloudPorts(port);
const fakeUrls = fakeCloudUrls(port);

export default defineConfig({
  testDir: './e2e',
  // Registers the run's admin first (the web servers are up by then).
  globalSetup: './e2e/global-setup.ts',
  // Per port, so that concurrent runs do not wipe each other's traces.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium, never a downloaded browser; the flags keep it off this machine's closed network.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // GitHub, Docker Hub and DigitalOcean (its Kubernetes API runs the apps here), as `npm run fake-cloud` starts them;
    // ready once DigitalOcean, the last one, answers (401 without a token).
    {
      command: 'npm run fake-cloud',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${fakeUrls.digitalOcean}/v2/kubernetes/clusters`,
      env: {
        FAKE_GITHUB_PORT: String(fakePorts.github),
        FAKE_DOCKER_REGISTRY_PORT: String(fakePorts.dockerRegistry),
        FAKE_DOCKERHUB_PORT: String(fakePorts.dockerHub),
        FAKE_DIGITALOCEAN_PORT: String(fakePorts.digitalOcean),
        FAKE_CLOUD_SETTINGS_FILE: fakeCloudSettingsFile(port),
      },
      reuseExistingServer: false,
      timeout: 60_000,
      // It stops its servers (and the apps its cluster runs) on SIGTERM.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    // The compiled server, as `npm start` runs it: `npm run build` first (test:e2e does).
    {
      command: 'node --enable-source-maps dist/main.js',
      cwd: path.resolve(import.meta.dirname, '../server'),
      url: `http://127.0.0.1:${port}/api/health`,
      // Every spec registers its own accounts from 127.0.0.1: more than the default 20 per address per 15 minutes.
      // The cloud APIs are the fakes'; only users that save tokens use them.
      env: {
        SLIPWAY_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        REGISTRATION_LIMIT: '1000',
        SLIPWAY_GITHUB_API_URL: fakeUrls.github,
        SLIPWAY_DOCKERHUB_URL: fakeUrls.dockerHub,
        SLIPWAY_DOCKER_REGISTRY_URL: fakeUrls.dockerRegistry,
        SLIPWAY_DIGITALOCEAN_API_URL: fakeUrls.digitalOcean,
        // The fake's workflow runs end in about a second.
        SLIPWAY_GITHUB_POLL_SECONDS: '1',
        // e2e/notifications.spec.ts's webhook receiver listens on 127.0.0.1, which webhooks may not reach otherwise.
        SLIPWAY_WEBHOOK_ALLOW: '127.0.0.1/32',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      // Playwright's default is SIGKILL, which would leave the embedded PostgreSQL running after the suite.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
