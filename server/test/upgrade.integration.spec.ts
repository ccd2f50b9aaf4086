import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations.js';
import { git } from './helpers/project-runs.js';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from './helpers/test-app.js';

/**
 * A database and data directory made by the previous release (the fixture of scripts/make-upgrade-fixture.ts,
 * made by running that release and filling it through its API) start on this code: the migrations it lacks
 * run, and everything it held answers as the release answered it, settings and environment variables decrypted
 * with the release's own secret key.
 */
const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'upgrade', 'f263663');

interface Expected {
  release: string;
  users: Array<{ name: string; email: string; password: string }>;
  settings: Record<string, string>;
  answers: {
    users: { users: unknown[] };
    settings: unknown;
    projects: Array<{ project: { id: string; repository_url: string } & Record<string, unknown>; versions: unknown[]; deployments: unknown[] }>;
    commandLogs: unknown;
  };
}

const expected = JSON.parse(readFileSync(path.join(FIXTURE, 'expected.json'), 'utf8')) as Expected;
let database: TestDatabase;
let dataDir: string;
let app: TestApp;
let fixtureMigrations: string[];
const tokens = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    await db.query(readFileSync(path.join(FIXTURE, 'database.sql'), 'utf8'));
    fixtureMigrations = (await db.query<{ name: string }>('SELECT name FROM public.migrations ORDER BY id')).rows.map((row) => row.name);
  } finally {
    await db.end();
  }
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-upgrade-'));
  await extract({ file: path.join(FIXTURE, 'data.tar.gz'), cwd: dataDir });
  // The release's own key, from its data directory: no SLIPWAY_SECRET_KEY.
  app = await startTestApp({ databaseUrl: database.url, dataDir, env: { SLIPWAY_SECRET_KEY: '' } });
  for (const user of expected.users) {
    const login = await app.api('POST', '/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status, `${user.email} signs in with the password the release was given`).toBe(200);
    tokens.set(user.email, login.body.token);
  }
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const alice = () => tokens.get(expected.users[0].email)!;

describe(`a database and data directory made by release ${expected.release}`, () => {
  it('get every migration of this code, after the ones the release ran', async () => {
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const names = (await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map((row) => row.name);
      expect(names.slice(0, fixtureMigrations.length)).toEqual(fixtureMigrations);
      expect(names).toEqual(migrations.map((migration) => migration.name));
    } finally {
      await db.end();
    }
  });

  it('keep the users and their roles', async () => {
    const users = await app.api('GET', '/users', { token: alice() });
    expect(users.status).toBe(200);
    expect(users.body).toMatchObject(expected.answers.users);
  });

  it("keep the settings, decrypted with the release's key", async () => {
    const settings = await app.api('GET', '/settings', { token: alice() });
    expect(settings.body).toEqual(expected.answers.settings);
    for (const [key, value] of Object.entries(expected.settings)) {
      expect((await app.api('GET', `/settings/${key}`, { token: alice() })).body).toMatchObject({ value });
    }
  });

  it('keep the projects with their environment variables, versions and deployments, and their repositories', async () => {
    for (const { project, versions, deployments } of expected.answers.projects) {
      const answered = await projectAnswers(project.id);
      expect(answered.project).toMatchObject(project);
      expect(answered.versions).toMatchObject(versions);
      expect(answered.deployments).toMatchObject(deployments);
      // The release's data directory was elsewhere: its repositories are in this one now.
      const tags = await git(['ls-remote', '--tags', path.join(dataDir, project.repository_url.replace(/^.*\/repos\//, 'repos/'))]);
      for (const version of versions as Array<{ version_tag: string }>) expect(tags).toContain(`refs/tags/${version.version_tag}`);
    }
  });

  it('keep the console history', async () => {
    expect((await app.api('GET', '/command-logs', { token: alice() })).body).toMatchObject(expected.answers.commandLogs as object);
  });
});

/** A project, its versions and its deployments as this code answers them, asked by the user who owns it. */
async function projectAnswers(projectId: string) {
  for (const token of tokens.values()) {
    const project = await app.api('GET', `/projects/${projectId}`, { token });
    if (project.status !== 200) continue;
    return {
      project: project.body,
      versions: (await app.api('GET', `/projects/${projectId}/versions?limit=100`, { token })).body.versions,
      deployments: (await app.api('GET', `/projects/${projectId}/deployments?limit=100`, { token })).body.deployments,
    };
  }
  throw new Error(`nobody sees project ${projectId}`);
}
