import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { create as createTar } from 'tar';
import { loadTemplate } from '../../../modules/templates/template-catalog.js';
import { renderTemplate } from '../../../modules/templates/template-renderer.js';
import { LocalRegistry } from '../../registry/local-registry.js';
import type { Artifact } from '../../registry/registry.port.js';
import type { AppRuntime } from '../cluster.port.js';

const run = promisify(execFile);
const __dirname = path.dirname(fileURLToPath(import.meta.url));
const TEMPLATES = path.resolve(__dirname, '../../../../../templates');
export const STATIC_SITE: AppRuntime = { start: ['node', 'server.mjs'], healthPath: '/health', portEnv: 'PORT' };

/**
 * The "image registry" the fake cluster pulls from: artifacts made the way the builder makes them (the rendered,
 * built static-site template packed as tar.gz), kept in a LocalRegistry and pulled as `{repository}:{tag}`.
 */
export async function openImages() {
  const dir = await mkdtemp(path.join(tmpdir(), 'kubernetes-images-'));
  const registry = new LocalRegistry(dir);
  let tags = 0;
  return {
    async staticSite(marker: string): Promise<Artifact> {
      const tree = path.join(dir, randomUUID());
      await renderTemplate(await loadTemplate(TEMPLATES, 'static-site'), tree, { projectName: marker, description: 'A test site' });
      await run(process.execPath, ['build.mjs'], { cwd: tree });
      await createTar({ gzip: true, cwd: tree, file: `${tree}.tar.gz`, portable: true }, ['.']);
      return registry.push({ repository: 'acme/site', tag: `v${++tags}` }, `${tree}.tar.gz`);
    },
    async pull(reference: string): Promise<string | null> {
      // The local registry's references: '<its host>/<repository>:<tag>'.
      const match = /^[^/]+\/(.+):([^:/]+)$/.exec(reference);
      const artifact = match ? await registry.find({ repository: match[1], tag: match[2] }) : null;
      return artifact ? registry.localPath(artifact) : null;
    },
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

