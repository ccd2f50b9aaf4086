import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../common/free-port.js';
import { TemplateCatalogError, loadTemplate, loadTemplateCatalog } from '../template-catalog.js';
import { PLACEHOLDER, renderTemplate } from '../template-renderer.js';
import { TemplateType, type Template } from '../template.model.js';

const CATALOG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../templates');
const templates = await loadTemplateCatalog(CATALOG);

const scratch: string[] = [];
afterAll(() => scratch.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** Starts argv without a shell; a missing executable becomes a clear failure instead of a hang. */
function start(argv: string[], cwd: string, env: NodeJS.ProcessEnv): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const child = spawn(argv[0], argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${argv[0]} could not start: ${error.message}`)));
    child.once('exit', (code) => resolve(code));
  });
  return { child, exited, output: () => output };
}

async function waitForHealth(url: string, exited: Promise<unknown>, timeoutMs: number): Promise<number> {
  let stopped = false;
  exited.then(() => (stopped = true), () => (stopped = true));
  return vi
    .waitFor(
      async () => {
        if (stopped) return 0;
        const status = await fetch(url).then((res) => res.status, () => 0);
        if (!status) throw new Error(`nothing answers ${url} yet`);
        return status;
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .catch(() => 0);
}

/** Required variables get a test value, optional ones their default, as the wizard would prefill them. */
function environmentFor(template: Template): Record<string, string> {
  return Object.fromEntries(
    template.environmentVariables.map((v) => [v.name, v.required && !v.defaultValue ? `test-${v.name.toLowerCase()}-value` : v.defaultValue]),
  );
}

describe('the template catalog', () => {
  it('offers at least one template of every type', () => {
    const types = new Set(templates.map((t) => t.type));
    expect([...types].sort()).toEqual(Object.values(TemplateType).sort());
  });

  it('has a template without variables, one with required and optional ones, and one with sensitive names', () => {
    expect(templates.some((t) => t.environmentVariables.length === 0 && t.variables.length === 0)).toBe(true);
    expect(
      templates.some((t) => t.environmentVariables.some((v) => v.required) && t.environmentVariables.some((v) => !v.required)),
    ).toBe(true);
    const sensitive = templates.flatMap((t) => t.environmentVariables.filter((v) => v.sensitive).map((v) => v.name));
    expect(sensitive).toContain('API_KEY');
  });

  it('ships a Dockerfile, a workflow pushing to Docker Hub and argv-only run commands with every template', () => {
    for (const template of templates) {
      const workflow = readFileSync(path.join(template.filesDir, '.github/workflows/build.yml'), 'utf8');
      expect(workflow).toContain('${{ secrets.DOCKER_USERNAME }}');
      expect(workflow).toContain('${{ secrets.DOCKER_TOKEN }}');
      expect(workflow).toContain('push: true');
      expect(template.runtime.start.length).toBeGreaterThan(0);
    }
  });

  it('refuses a template whose metadata is broken, naming the file and the problem', async () => {
    const catalog = tempDir('slipway-broken-template-');
    await mkdir(path.join(catalog, 'broken', 'files'), { recursive: true });
    await writeFile(path.join(catalog, 'broken', 'template.json'), JSON.stringify({ name: 'broken', description: 'x', type: 'mobile' }));
    await expect(loadTemplate(catalog, 'broken')).rejects.toThrow(
      new TemplateCatalogError('templates/broken/template.json: type must be one of frontend, backend, go-api, fullstack, other'),
    );
  });

  it('refuses a template that does not say which known toolchains it needs', async () => {
    const catalog = tempDir('slipway-toolchains-');
    await mkdir(path.join(catalog, 'needs', 'files'), { recursive: true });
    const refusedWith = async (toolchains: unknown, message: string) => {
      await writeFile(path.join(catalog, 'needs', 'template.json'), JSON.stringify({ name: 'needs', description: 'x', type: 'backend', toolchains }));
      await expect(loadTemplate(catalog, 'needs'), JSON.stringify(toolchains)).rejects.toThrow(new TemplateCatalogError(`templates/needs/template.json: ${message}`));
    };
    await refusedWith(undefined, 'toolchains must list what the build and app run with (go, node)');
    await refusedWith([], 'toolchains must list what the build and app run with (go, node)');
    await refusedWith(['rust'], 'toolchain rust is not one of go, node');
    await refusedWith(['go', 'go'], 'toolchains lists one twice');
  });

  it('declares the toolchains of every template: Go for go-api, Node.js for the others', () => {
    expect(Object.fromEntries(templates.map((template) => [template.name, template.toolchains]))).toEqual({
      'fullstack-notes': ['node'],
      'go-api': ['go'],
      'node-rest-api': ['node'],
      'scheduled-worker': ['node'],
      'static-site': ['node'],
    });
  });

  it('refuses a slipway.json whose test is not a non-empty argument list, and keeps the tests it names', async () => {
    const catalog = tempDir('slipway-test-argv-');
    const write = async (test: unknown) => {
      const files = path.join(catalog, 'tested', 'files');
      await mkdir(path.join(files, '.github', 'workflows'), { recursive: true });
      await writeFile(path.join(catalog, 'tested', 'template.json'), JSON.stringify({ name: 'tested', description: 'x', type: 'backend', toolchains: ['node'] }));
      await writeFile(path.join(files, 'Dockerfile'), 'FROM scratch\n');
      await writeFile(path.join(files, '.github', 'workflows', 'build.yml'), 'on: push\n');
      const runtime = { build: null, test, start: ['node', 'server.js'], health_path: '/health', port_env: 'PORT', default_port: 3000 };
      await writeFile(path.join(files, 'slipway.json'), JSON.stringify(runtime));
    };
    const refused = new TemplateCatalogError(
      'templates/tested/files/slipway.json: test must be a non-empty argument list (or left out when the project has no tests)',
    );
    for (const bad of ['node --test', [], ['node', ''], [42], null]) {
      await write(bad);
      await expect(loadTemplate(catalog, 'tested'), JSON.stringify(bad)).rejects.toThrow(refused);
    }
    await write(['node', '--test']);
    expect((await loadTemplate(catalog, 'tested')).runtime.test).toEqual(['node', '--test']);
    await write(undefined);
    expect((await loadTemplate(catalog, 'tested')).runtime.test).toBeNull();
  });

  it.each(templates.map((t) => [t.name, t] as const))(
    '%s renders, builds, starts and answers 200 on its health path',
    async (_name, template) => {
      const dir = tempDir(`slipway-template-${template.name}-`);
      const description = 'Renders "quotes", <tags> & a\nsecond line';
      const files = await renderTemplate(template, dir, { projectName: 'Demo Project_1', description });
      for (const file of files) expect(readFileSync(path.join(dir, file), 'utf8')).not.toMatch(PLACEHOLDER);
      if (files.includes('package.json')) {
        expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))).toMatchObject({ name: 'demo-project-1', description });
      }

      const port = await freePort();
      // GOPROXY=off and GOTOOLCHAIN=local prove the Go build downloads nothing; Node templates have no installs at all.
      const env = { ...process.env, ...environmentFor(template), [template.runtime.portEnv]: String(port), GOPROXY: 'off', GOTOOLCHAIN: 'local' };
      if (template.runtime.build) {
        const build = start(template.runtime.build, dir, env);
        const code = await build.exited;
        expect(code, build.output()).toBe(0);
      }

      const server = start(template.runtime.start, dir, env);
      try {
        const status = await waitForHealth(`http://127.0.0.1:${port}${template.runtime.healthPath}`, server.exited, 20_000);
        expect(status, server.output()).toBe(200);
      } finally {
        server.child.kill('SIGTERM');
        const stopped = await Promise.race([server.exited.catch(() => null), new Promise((r) => setTimeout(() => r('timeout'), 5000))]);
        if (stopped === 'timeout') server.child.kill('SIGKILL');
      }
      expect(await server.exited).toBe(0);
    },
    240_000,
  );
});
