import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run lint:layers` (part of `npm run lint`) on a small tree laid out like the repository: the tree as it is
// passes, and each layer rule fails on a new import that breaks it.
const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Files that break no rule. */
const CLEAN = {
  'client/src/main.ts': "import { rule } from '../../domain/src/index.js';\nexport const shown = rule;\n",
  'domain/src/index.ts': "import { limit } from './limits.js';\nexport const rule = limit;\n",
  'domain/src/limits.ts': 'export const limit = 1;\n',
  'server/src/config/env.ts': 'export interface AppConfig { port: number }\n',
  'server/src/boot/core.ts': "import type { AppConfig } from '../config/env.js';\nimport { queue } from '../jobs/pg-boss-queue.js';\nexport const boot = (config: AppConfig) => [config, queue];\n",
  'server/src/jobs/pg-boss-queue.ts': "import PgBoss from 'pg-boss';\nexport const queue = PgBoss;\n",
  'server/src/modules/users/user.entity.ts': 'export class User {}\n',
  'server/src/modules/projects/projects.service.ts': "import { start } from '../../pipelines/engine.js';\nexport const create = start;\n",
  'server/src/pipelines/engine.ts': 'export const start = () => undefined;\n',
  'server/src/pipelines/pipeline-run.entity.ts': 'export class PipelineRun { ownerId = "" }\n',
  'server/src/modules/projects/runs/creation.steps.ts': "import { start } from '../../../pipelines/engine.js';\nimport { User } from '../../users/user.entity.js';\nexport const steps = [start, User];\n",
  'server/src/providers/project-providers.ts': 'export interface ProviderCredentials { GITHUB_TOKEN?: string }\n',
  'node_modules/pg-boss/package.json': '{ "name": "pg-boss", "main": "index.js" }\n',
  'node_modules/pg-boss/index.js': 'module.exports = class PgBoss {};\n',
};

let tree;

function lintLayers(extra = {}) {
  tree = mkdtempSync(path.join(tmpdir(), 'slipway-layers-'));
  for (const [file, text] of Object.entries({ ...CLEAN, ...extra })) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
  // The same command as package.json's lint:layers, with the repository's rules.
  const run = spawnSync(
    process.execPath,
    [DEPCRUISE, '--config', path.join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'err', 'client/src', 'domain/src', 'server/src'],
    { cwd: tree, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  rmSync(tree, { recursive: true, force: true });
});

// Each case spawns dependency-cruiser (3–5 s alone; longer on a busy 2-core machine).
describe('the layer rules (npm run lint:layers)', { timeout: 60_000 }, () => {
  it('pass the tree as it is', () => {
    const { status, output } = lintLayers();
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it.each([
    ['client-not-to-server', 'client/src/leak.ts', "import { boot } from '../../server/src/boot/core.js';\nexport const leak = boot;\n", 'server/src/boot/core.ts'],
    ['domain-imports-nothing', 'domain/src/leak.ts', "import { readFileSync } from 'node:fs';\nexport const leak = readFileSync;\n", 'fs'],
    ['engine-not-to-features', 'server/src/pipelines/engine-leak.ts', "import { User } from '../modules/users/user.entity.js';\nexport const leak = User;\n", 'server/src/modules/users/user.entity.ts'],
    ['providers-not-to-features', 'server/src/providers/leak.ts', "import { User } from '../modules/users/user.entity.js';\nexport const leak = User;\n", 'server/src/modules/users/user.entity.ts'],
    ['adapters-not-to-config', 'server/src/modules/users/leak.ts', "import type { AppConfig } from '../../config/env.js';\nexport type Leak = AppConfig;\n", 'server/src/config/env.ts'],
    ['adapters-not-to-config', 'server/src/graphql/leak.ts', "import type { AppConfig } from '../config/env.js';\nexport type Leak = AppConfig;\n", 'server/src/config/env.ts'],
    ['adapters-not-to-config', 'server/src/http/leak.ts', "import type { AppConfig } from '../config/env.js';\nexport type Leak = AppConfig;\n", 'server/src/config/env.ts'],
    ['pg-boss-behind-job-queue', 'server/src/boot/leak.ts', "import PgBoss from 'pg-boss';\nexport const leak = PgBoss;\n", 'node_modules/pg-boss/index.js'],
  ])('%s fails a new import from %s', (rule, file, text, target) => {
    const { status, output } = lintLayers({ [file]: text });
    expect(output).toContain(`error ${rule}: ${file} → ${target}`);
    expect(output).toContain('1 dependency violations');
    expect(status).not.toBe(0);
  });

  it('engine-not-to-features has no exception: the entity and a steps folder under the engine fail too', () => {
    const { status, output } = lintLayers({
      'server/src/pipelines/pipeline-run.entity.ts': "import { User } from '../modules/users/user.entity.js';\nexport class PipelineRun { owner?: User }\n",
      'server/src/pipelines/runs/creation.steps.ts': "import { User } from '../../modules/users/user.entity.js';\nexport const owner = User;\n",
    });
    expect(output).toContain('error engine-not-to-features: server/src/pipelines/pipeline-run.entity.ts → server/src/modules/users/user.entity.ts');
    expect(output).toContain('error engine-not-to-features: server/src/pipelines/runs/creation.steps.ts → server/src/modules/users/user.entity.ts');
    expect(output).toContain('2 dependency violations');
    expect(status).not.toBe(0);
  });
});
