import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../../common/secret-box.js';
import { loadTemplateCatalog } from '../../../modules/templates/template-catalog.js';
import { renderTemplate } from '../../../modules/templates/template-renderer.js';
import type { Template } from '../../../modules/templates/template.model.js';
import { LocalBuilder } from '../../builder/local-builder.js';
import { LocalRegistry } from '../../registry/local-registry.js';
import { LocalSourceHost } from '../../source-host/local-source-host.js';
import type { SourceFile } from '../../source-host/source-host.port.js';
import { LocalCluster } from '../local-cluster.js';
import { deployHooks, page } from './cluster.contract.js';

const TEMPLATES_DIR = fileURLToPath(new URL('../../../../../templates', import.meta.url));

/** Values for the template's required variables, which have no default. */
const REQUIRED_VALUES: Record<string, string> = {
  API_KEY: 'test-api-key',
  ADMIN_PASSWORD: 'correct horse battery staple',
  SESSION_SECRET: randomBytes(24).toString('hex'),
};

async function renderedFiles(template: Template): Promise<SourceFile[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'slipway-render-'));
  try {
    const paths = await renderTemplate(template, dir, { projectName: `Demo ${template.name}`, description: 'A demo project' });
    return await Promise.all(
      paths.map(async (file) => ({
        path: file,
        content: await readFile(path.join(dir, file)),
        executable: ((await stat(path.join(dir, file))).mode & 0o111) !== 0,
      })),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Every template, the whole local way from its files to its stable URL: committed to the local source host,
 * built by the local builder into the local registry, deployed by the local cluster, health path answering.
 */
describe('local cluster: every template runs from a build to its stable URL', async () => {
  const templates = await loadTemplateCatalog(TEMPLATES_DIR);
  let dataDir: string;
  let sourceHost: LocalSourceHost;
  let builder: LocalBuilder;
  let cluster: LocalCluster;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'slipway-templates-'));
    // As Slipway makes it: builds and apps (other users, under root) may pass through, not list.
    await chmod(dataDir, 0o711);
    const secretBox = new SecretBox(randomBytes(32));
    const registry = new LocalRegistry(dataDir);
    sourceHost = new LocalSourceHost(dataDir, secretBox);
    builder = new LocalBuilder(sourceHost, registry, path.join(dataDir, 'builds'));
    cluster = new LocalCluster({ dataDir, registry, secretBox, stopGraceMs: 3_000, stablePorts: { from: 28_400, to: 28_499 } });
    await cluster.restore();
  });
  afterAll(async () => {
    await cluster?.shutdown();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('covers the whole catalog', () => {
    expect(templates.map((template) => template.name)).toEqual(['fullstack-notes', 'go-api', 'node-rest-api', 'scheduled-worker', 'static-site']);
  });

  it.each(templates.map((template) => [template.name, template] as const))('%s', { timeout: 180_000 }, async (name, template) => {
    const repository = { organization: 'acme', name };
    await sourceHost.ensureRepository(repository, { description: 'Demo' });
    const files = await renderedFiles(template);
    const { sha } = await sourceHost.commitFiles(repository, { branch: 'main', message: 'Initial commit', author: { name: 'Ada', email: 'ada@example.com' }, files });
    const environment = Object.fromEntries(template.environmentVariables.map((variable) => [variable.name, variable.defaultValue || REQUIRED_VALUES[variable.name] || '']));
    const lines: string[] = [];
    const build = await builder.build(
      { projectId: repository.name, repository, commitSha: sha, image: { repository: `acme/${name}`, tag: 'v0.1.0' }, buildCommand: template.runtime.build, environment, timeoutSeconds: 150 },
      deployHooks(lines),
    );
    expect(build, lines.join('\n')).toMatchObject({ status: 'success', error: null });

    const { start, healthPath, portEnv } = template.runtime;
    const status = await cluster.deploy(
      { name: `${name}-${randomUUID().slice(0, 8)}`, projectId: randomUUID(), ownerId: randomUUID(), artifact: build.artifact!, runtime: { start, healthPath, portEnv }, environment, replicas: 1, healthTimeoutSeconds: 30 },
      deployHooks(),
    );
    expect(status).toMatchObject({ state: 'running', revision: 1, digest: build.artifact!.digest });
    expect((await page(`${status.loopbackUrl}${healthPath.slice(1)}`)).status).toBe(200);
    await cluster.remove(status.name);
  });
});
