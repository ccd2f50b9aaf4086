import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sendJson } from './http.js';
import { HubHost } from './hub-host.js';
import { RegistryHost } from './registry-host.js';
import { FakeDockerHubStore, type TokenAccess } from './store.js';

export interface FakeDockerHubOptions {
  /** username -> token (password or personal access token). */
  users?: Record<string, string>;
  /** Port of the registry host (default: an ephemeral one). */
  port?: number;
  /** Port of the Hub API host (default: an ephemeral one). */
  hubPort?: number;
}

export interface FakeDockerHub {
  /** Base URL of the Hub API (hub.docker.com). */
  hubUrl: string;
  /** Base URL of the registry (registry-1.docker.io), which also serves its token endpoint at /token. */
  registryUrl: string;
  close(): Promise<void>;
  /** An account whose token may read, write (push) or also delete (the Hub's Read, Write & Delete scope, the default). */
  addUser(username: string, token: string, access?: TokenAccess): void;
  /**
   * Path of a file holding the single layer of the image a reference names ('<registry host>/<ns>/<repo>:<tag>',
   * 'docker.io/<ns>/<repo>:<tag>' or '...@sha256:...'), as a node pulling it would get it; null when absent.
   */
  imageFile(reference: string): Promise<string | null>;
  /** How many more requests succeed before 429s: Hub API requests, registry manifest pulls. */
  setRateLimit(remaining: { hub?: number; registryPulls?: number }): void;
}

const DOCKER_HUB_HOSTS = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io']);

/** A stateful fake of Docker Hub's two hosts on 127.0.0.1: the registry and the Hub API. */
export async function startFakeDockerHub(options: FakeDockerHubOptions = {}): Promise<FakeDockerHub> {
  const store = new FakeDockerHubStore(options.users ?? {});
  let registryUrl = '';
  let hubUrl = '';
  const registry = new RegistryHost(store, () => registryUrl);
  const hub = new HubHost(store, () => hubUrl);
  const registryServer = await listen(registry.handle, options.port ?? 0);
  const hubServer = await listen(hub.handle, options.hubPort ?? 0).catch(async (error: unknown) => {
    await stop(registryServer);
    throw error;
  });
  registryUrl = `http://127.0.0.1:${(registryServer.address() as AddressInfo).port}`;
  hubUrl = `http://127.0.0.1:${(hubServer.address() as AddressInfo).port}`;
  const filesDir = await mkdtemp(path.join(tmpdir(), 'slipway-fake-dockerhub-'));
  const registryHost = new URL(registryUrl).host;

  return {
    hubUrl,
    registryUrl,
    addUser: (username, token, access) => store.addUser(username, token, access),
    setRateLimit: ({ hub: hubRemaining, registryPulls }) => {
      if (hubRemaining !== undefined) hub.requests.set(hubRemaining);
      if (registryPulls !== undefined) registry.pulls.set(registryPulls);
    },
    async imageFile(reference) {
      const parsed = /^([^/]+)\/([a-z0-9._-]+\/[a-z0-9._-]+)(?::([A-Za-z0-9_][A-Za-z0-9._-]{0,127}))?(?:@(sha256:[a-f0-9]{64}))?$/.exec(reference);
      if (!parsed || !(parsed[1] === registryHost || DOCKER_HUB_HOSTS.has(parsed[1]))) return null;
      const [, , name, tag, pinned] = parsed;
      const repository = store.repository(name);
      const digest = pinned ?? repository?.tags.get(tag ?? 'latest')?.digest;
      const manifest = digest ? repository?.manifests.get(digest) : undefined;
      if (!manifest) return null;
      const layers = (JSON.parse(manifest.body.toString('utf8')) as { layers?: { digest: string }[] }).layers ?? [];
      const bytes = layers.length === 1 ? store.blobs.get(layers[0].digest) : undefined;
      if (!bytes) return null;
      const file = path.join(filesDir, `${layers[0].digest.slice('sha256:'.length)}.tar.gz`);
      await writeFile(file, bytes);
      return file;
    },
    async close() {
      await Promise.all([stop(registryServer), stop(hubServer)]);
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { errors: [{ code: 'UNKNOWN', message: 'unknown error', detail: null }] });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
