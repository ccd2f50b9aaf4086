import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The fake cloud (GitHub, Docker Hub and DigitalOcean, from server/fakes) that the e2e run's Slipway points at:
 * playwright.config.ts starts it with `npm run fake-cloud` on ports of its own, which writes the settings to save
 * (its demo tokens and its cluster's id) to a file the cloud spec reads. Users that save no tokens stay on the
 * local providers, so the other specs do not see it.
 */

/**
 * Ports per E2E_PORT, four apart (10000 to 25999): runs with different E2E_PORTs do not collide with each other,
 * nor with a developer's `npm run fake-cloud` (4010 to 4030) or the local apps' ports (27000 to 27999).
 */
export function fakeCloudPorts(e2ePort: number) {
  const base = 10_000 + (e2ePort % 4_000) * 4;
  return { github: base, dockerRegistry: base + 1, dockerHub: base + 2, digitalOcean: base + 3 };
}

export function fakeCloudUrls(e2ePort: number) {
  const ports = fakeCloudPorts(e2ePort);
  const url = (port: number) => `http://127.0.0.1:${port}`;
  return { github: url(ports.github), dockerRegistry: url(ports.dockerRegistry), dockerHub: url(ports.dockerHub), digitalOcean: url(ports.digitalOcean) };
}

/** Where the fake cloud of this E2E_PORT writes its settings (FAKE_CLOUD_SETTINGS_FILE of scripts/fake-cloud.ts). */
export function fakeCloudSettingsFile(e2ePort: number): string {
  return path.join(tmpdir(), `slipway-e2e-fake-cloud-${e2ePort}.json`);
}

export interface FakeCloudSettings {
  GITHUB_ORGANIZATION: string;
  GITHUB_TOKEN: string;
  DOCKER_USERNAME: string;
  DOCKER_TOKEN: string;
  DIGITALOCEAN_TOKEN: string;
  DOKS_CLUSTER_ID: string;
}

/** The settings that point a user at the running fake cloud (its own demo tokens, which open nothing real). */
export function readFakeCloudSettings(e2ePort: number): FakeCloudSettings {
  return JSON.parse(readFileSync(fakeCloudSettingsFile(e2ePort), 'utf8')) as FakeCloudSettings;
}
