import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually, waitForRun } from './helpers/project-runs.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

type Account = Awaited<ReturnType<typeof registerUser>>;

const ROOT_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');
const LOG_FIELDS = 'id userId command type output success createdAt';

let app: TestApp;
let alice: Account;
let bob: Account;

beforeAll(async () => {
  app = await startTestApp();
  alice = await registerUser(app, { name: 'Alice Admin' });
  bob = await registerUser(app, { name: 'Bob Builder' });
});
afterAll(() => app.stop());

const run = (account: Account, command: unknown) => app.api('POST', '/commands', { token: account.token, body: { command } });
const runGraphQL = (account: Account, command: string) =>
  app.graphql('mutation ($command: String!) { executeCommand(command: $command) { type output } }', { command }, account.token);
const logs = (account: Account, query = '') => app.api('GET', `/command-logs${query}`, { token: account.token });

describe('executing a command', () => {
  it('answers over REST with exactly {type, output}', async () => {
    expect(await run(alice, 'echo hello world')).toEqual({ status: 200, body: { type: 'output', output: 'hello world' } });
  });

  it('answers over GraphQL', async () => {
    expect((await runGraphQL(alice, 'echo "two  spaces"')).data).toEqual({ executeCommand: { type: 'output', output: 'two  spaces' } });
  });

  it("shows the signed-in user's name, email and role", async () => {
    expect((await run(bob, 'whoami')).body).toEqual({
      type: 'output',
      output: `Name   Bob Builder\nEmail  ${bob.email}\nRole   user`,
    });
  });

  it('prints shell syntax literally and runs nothing', async () => {
    const marker = path.join(tmpdir(), `slipway-console-${randomBytes(6).toString('hex')}`);
    for (const text of [`$(touch ${marker})`, `\`touch ${marker}\``, `a; touch ${marker}`, `a && touch ${marker}`, `a | tee ${marker}`, `a > ${marker}`]) {
      expect((await run(alice, `echo ${text}`)).body).toEqual({ type: 'output', output: `${text}` });
    }
    expect((await run(alice, `echo "$(touch ${marker})"`)).body.output).toBe(`$(touch ${marker})`);
    expect((await run(alice, `touch ${marker}`)).body).toEqual({
      type: 'error',
      output: "Unknown command: 'touch'.\nType 'help' to see all available commands.",
    });
    expect(existsSync(marker)).toBe(false);
  });

  it('answers help, and an unknown help topic with the exact text', async () => {
    const help = await run(alice, 'help');
    expect(help.body.type).toBe('info');
    expect(help.body.output).toMatch(/^Available commands:\n {2}help \[command\] {5}Show all commands/);
    expect((await run(alice, 'help deploy')).body).toEqual({
      type: 'error',
      output: "No help available for command 'deploy'. Type 'help' to see all available commands.",
    });
  });

  it('answers an unknown command with an error and a hint', async () => {
    expect((await runGraphQL(alice, 'projcts')).data.executeCommand).toEqual({
      type: 'error',
      output: "Unknown command: 'projcts'. Did you mean 'projects'?\nType 'help' to see all available commands.",
    });
  });

  it('answers that there are no projects yet', async () => {
    expect((await run(bob, 'projects')).body).toEqual({ type: 'info', output: 'No projects yet. Create one on the Projects page.' });
    expect((await run(bob, 'ls /projects')).body).toEqual({ type: 'info', output: 'No projects yet. Create one on the Projects page.' });
  });

  it("reports Slipway's health and the user's own counts", async () => {
    const fresh = await registerUser(app);
    await run(fresh, 'echo one');
    await run(fresh, 'echo two');
    expect((await run(fresh, 'status')).body).toEqual({
      type: 'output',
      output: 'Database      up (PostgreSQL server)\nJob queue     up\nProjects      0\nVersions      0\nCommand logs  2\nLatest run    none',
    });
  });

  it("reports Slipway's version from the root package.json and the running Node.js", async () => {
    const { version } = JSON.parse(readFileSync(ROOT_PACKAGE, 'utf8'));
    const { body } = await run(alice, 'version');
    expect(body.type).toBe('output');
    expect(body.output).toMatch(new RegExp(`^Slipway  ${version.replace(/\./g, '\\.')}\nCommit   ([0-9a-f]{12}|unknown)\nNode\\.js  ${process.version}$`));
  });

  it('keeps a working directory per user across requests and both APIs', async () => {
    expect((await run(alice, 'cd /settings')).body).toEqual({ type: 'success', output: '/settings' });
    expect((await runGraphQL(alice, 'pwd')).data.executeCommand).toEqual({ type: 'output', output: '/settings' });
    expect((await run(bob, 'pwd')).body.output).toBe('/');
    expect((await run(alice, 'cd ..')).body).toEqual({ type: 'success', output: '/' });
    expect((await run(alice, 'cd /nowhere')).body).toEqual({ type: 'error', output: 'cd: no such directory: /nowhere' });
    expect((await run(alice, 'pwd')).body.output).toBe('/');
  });
});

describe("the user's own projects and settings", () => {
  let dave: Account;
  const secret = 'dckr_pat_SuperSecretValue123';
  const created: Record<string, { id: string; created_at: string; updated_at: string }> = {};
  const stamp = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

  async function createProject(account: Account, body: Record<string, unknown>) {
    const res = await app.api('POST', '/projects', { token: account.token, body });
    expect(res.status).toBe(201);
    return res.body;
  }

  beforeAll(async () => {
    dave = await registerUser(app);
    for (const account of [dave, bob]) {
      const saved = await app.api('PUT', '/settings', { token: account.token, body: { settings: { GITHUB_ORGANIZATION: 'org-x', DOCKER_TOKEN: secret } } });
      expect(saved.status).toBe(200);
    }
    created.api = await createProject(dave, { name: 'api', description: 'Payments API', tags: ['go', 'backend'] });
    created['web app'] = await createProject(dave, { name: 'web app', description: 'Customer site', status: 'inactive' });
    await createProject(bob, { name: 'bobs-private-project', description: 'Payments too' });
  });

  it('lists them as an aligned table, most recently updated first', async () => {
    expect((await run(dave, 'projects')).body).toEqual({
      type: 'output',
      output: [
        'NAME     STATUS    VERSION  LAST UPDATE',
        `web app  inactive  -        ${stamp(created['web app'].updated_at)}`,
        `api      active    -        ${stamp(created.api.updated_at)}`,
        '',
        '2 projects',
      ].join('\n'),
    });
  });

  it('filters them by name or description, and never shows another user\'s', async () => {
    expect((await run(dave, 'projects payments')).body.output).toBe(`NAME  STATUS  VERSION  LAST UPDATE\napi   active  -        ${stamp(created.api.updated_at)}\n\n1 project`);
    expect((await run(dave, 'projects bobs')).body).toEqual({ type: 'info', output: "No projects match 'bobs'." });
    expect((await run(bob, 'projects')).body.output).not.toContain('api ');
  });

  it('shows them as directories with read-only entries', async () => {
    expect((await run(dave, 'ls /projects')).body).toEqual({ type: 'output', output: "'web app'/\napi/" });
    expect((await run(dave, 'cd "/projects/web app"')).body).toEqual({ type: 'success', output: '/projects/web app' });
    expect((await run(dave, 'ls')).body.output).toBe(
      [
        'description     Customer site',
        'status          inactive',
        'tags            (none)',
        'repository_url  (none)',
        `created_at      ${stamp(created['web app'].created_at)}`,
        `updated_at      ${stamp(created['web app'].updated_at)}`,
      ].join('\n'),
    );
    expect((await run(dave, 'ls ../api/tags')).body.output).toBe('tags  go, backend');
    expect((await run(dave, 'cd /projects/bobs-private-project')).body).toEqual({
      type: 'error',
      output: 'cd: no such directory: /projects/bobs-private-project',
    });
  });

  it('falls back to /projects when the current project is deleted', async () => {
    const doomed = await createProject(dave, { name: 'doomed' });
    expect((await run(dave, 'cd /projects/doomed')).body.output).toBe('/projects/doomed');
    expect((await app.api('DELETE', `/projects/${doomed.id}`, { token: dave.token })).status).toBe(202);
    await eventually(async () => (await app.api('GET', `/projects/${doomed.id}`, { token: dave.token })).status === 404);
    expect((await run(dave, 'pwd')).body).toEqual({ type: 'output', output: '/projects' });
  });

  it('counts them in status', async () => {
    expect((await run(dave, 'status')).body.output).toContain('\nProjects      2\n');
  });

  it('shows each project\'s newest version in projects and counts versions in status, the user\'s own only', async () => {
    expect((await run(dave, 'status')).body.output).toContain('\nVersions      0\n');
    await waitForRun(app, dave.token, created.api.id, { stream: 'project_creation' });
    const version = await app.api('POST', `/projects/${created.api.id}/versions`, { token: dave.token, body: { version_tag: 'v1.0.0', git_branch: 'main' } });
    expect(version.status, JSON.stringify(version.body)).toBe(201);
    let output = '';
    await eventually(async () => {
      output = (await run(dave, 'projects')).body.output;
      return /^api +active +v1\.0\.0 ready +/m.test(output);
    }, 60_000);
    expect(output.split('\n')[0]).toMatch(/^NAME +STATUS +VERSION +LAST UPDATE$/);
    expect(output).toMatch(/^web app +inactive +- +\d{4}-/m);
    expect((await run(dave, 'status')).body.output).toContain('\nVersions      1\n');
    expect((await run(bob, 'status')).body.output).toContain('\nVersions      0\n');
    expect((await run(bob, 'projects')).body.output).not.toContain('v1.0.0');
  }, 120_000);

  it('lists which settings are configured and never a value, in the answer or the log', async () => {
    const expected = [
      'DOCKER_USERNAME           not set',
      'DOCKER_TOKEN              configured',
      'DIGITALOCEAN_TOKEN        not set',
      'DOKS_CLUSTER_ID           not set',
      'GITHUB_TOKEN              not set',
      'GITHUB_ORGANIZATION       configured',
      'KUBECONFIG                not set',
      'KUBERNETES_CONTEXT        not set',
      'KUBERNETES_CERT_ISSUER    not set',
      'KUBERNETES_INGRESS_CLASS  not set',
    ].join('\n');
    expect((await run(dave, 'ls /settings')).body).toEqual({ type: 'output', output: expected });
    expect((await runGraphQL(dave, 'ls /settings/DOCKER_TOKEN')).data.executeCommand).toEqual({ type: 'output', output: 'DOCKER_TOKEN  configured' });
    const logged = JSON.stringify((await logs(dave, '?page_size=100')).body);
    expect(logged).toContain('DOCKER_TOKEN              configured');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('org-x');
  });
});

describe('projects shared with the user', () => {
  it('are listed, entered and read like their own (a viewer only reads, as every console command does), until they are removed', async () => {
    const frank = await registerUser(app);
    const viewer = await registerUser(app);
    expect((await app.api('PUT', '/settings', { token: frank.token, body: { settings: { GITHUB_ORGANIZATION: 'org-f' } } })).status).toBe(200);
    const shared = await app.api('POST', '/projects', { token: frank.token, body: { name: 'shared-api', description: 'Shared with a viewer' } });
    expect(shared.status).toBe(201);
    expect((await app.api('POST', `/projects/${shared.body.id}/members`, { token: frank.token, body: { email: viewer.email, role: 'viewer' } })).status).toBe(201);

    expect((await run(viewer, 'projects')).body.output).toMatch(/^shared-api +active +- +\d{4}-/m);
    expect((await run(viewer, 'ls /projects')).body).toEqual({ type: 'output', output: 'shared-api/' });
    expect((await run(viewer, 'cd /projects/shared-api')).body).toEqual({ type: 'success', output: '/projects/shared-api' });
    expect((await run(viewer, 'ls description')).body.output).toBe('description  Shared with a viewer');
    // Each command is in the viewer's own log.
    expect((await logs(viewer)).body.logs.map((log: { command: string }) => log.command)).toContain('cd /projects/shared-api');

    expect((await app.api('DELETE', `/projects/${shared.body.id}/members/${viewer.user.id}`, { token: frank.token })).status).toBe(204);
    expect((await run(viewer, 'cd /projects/shared-api')).body).toEqual({ type: 'error', output: 'cd: no such directory: /projects/shared-api' });
  });
});

describe('finding a project by name', () => {
  it('takes one query on the owner and name index, however many projects match the name as a search', async () => {
    const erin = await registerUser(app);
    await app.api('PUT', '/settings', { token: erin.token, body: { settings: { GITHUB_ORGANIZATION: 'org-x' } } });
    const target = await app.api('POST', '/projects', { token: erin.token, body: { name: 'app' } });
    expect(target.status).toBe(201);
    // Its creation run reads the project too: counted queries start once it has ended.
    await waitForRun(app, erin.token, target.body.id, { stream: 'project_creation', timeoutMs: 60_000 });
    // 150 more names containing "app" that sort before it: a search for the name needs more than one page.
    await app.slipway.dataSource.query(
      `INSERT INTO projects (owner_id, name, environment_variables_encrypted)
       SELECT owner_id, n || ' app', environment_variables_encrypted FROM projects, generate_series(100, 249) AS n WHERE id = $1`,
      [target.body.id],
    );

    const query = vi.spyOn(app.slipway.dataSource, 'query');
    expect((await run(erin, 'cd /projects/app')).body).toEqual({ type: 'success', output: '/projects/app' });
    const projectQueries = query.mock.calls.filter(([sql]) => /\bprojects\b/.test(String(sql)));
    query.mockRestore();
    expect(projectQueries).toHaveLength(1);

    const [sql, parameters] = projectQueries[0];
    const runner = app.slipway.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await runner.query('SET LOCAL enable_seqscan = off');
      const plan: Array<{ 'QUERY PLAN': string }> = await runner.query(`EXPLAIN ${sql}`, parameters);
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('UQ_projects_owner_name');
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});

describe('refusing bad input', () => {
  it.each([
    [{ command: '' }, 400, 'Command is required', 'command'],
    [{ command: '   \t ' }, 400, 'Command is required', 'command'],
    [{}, 400, 'Command is required', 'command'],
    [{ command: null }, 400, 'Command is required', 'command'],
    [{ command: 42 }, 400, 'Command must be a string', 'command'],
    [{ command: ['ls'] }, 400, 'Command must be a string', 'command'],
    [{ command: { toString: 'ls' } }, 400, 'Command must be a string', 'command'],
    [['ls'], 400, 'Request body must be a JSON object'],
    ['ls', 400, 'Malformed JSON in request body'],
  ])('POST /commands %j → %i %s, and nothing is logged', async (body, status, error, field?: string) => {
    const before = (await logs(alice)).body.total;
    expect(await app.api('POST', '/commands', { token: alice.token, body })).toEqual(refusal(status, error, field));
    expect((await logs(alice)).body.total).toBe(before);
  });

  it('rejects malformed JSON and oversized bodies with 4xx', async () => {
    expect(await app.api('POST', '/commands', { token: alice.token, raw: '{"command": "ls"' })).toEqual(refusal(400, 'Malformed JSON in request body'));
    const huge = await app.api('POST', '/commands', { token: alice.token, body: { command: `echo ${'x'.repeat(200_000)}` } });
    expect(huge.status).toBe(413);
  });

  it('refuses an empty command over GraphQL with BAD_USER_INPUT', async () => {
    const res = await runGraphQL(alice, '  ');
    expect(res.errors?.[0]).toMatchObject({ message: 'Command is required', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('requires a signed-in user', async () => {
    expect(await app.api('POST', '/commands', { body: { command: 'whoami' } })).toEqual(refusal(401, 'Authentication required'));
    expect(await app.api('GET', '/commands?search=l')).toMatchObject({ status: 401 });
    expect(await app.api('GET', '/command-logs')).toMatchObject({ status: 401 });
    expect(await app.api('GET', `/command-logs/${randomUUID()}`)).toMatchObject({ status: 401 });
    const gql = await app.graphql('mutation { executeCommand(command: "whoami") { output } }');
    expect(gql.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a command over 1,000 characters and still logs it as failed', async () => {
    const user = await registerUser(app);
    const command = `echo ${'y'.repeat(1200)}`;
    expect((await run(user, command)).body).toEqual({ type: 'error', output: 'Command is too long: 1,205 characters; the limit is 1,000.' });
    const [log] = (await logs(user)).body.logs;
    expect(log).toMatchObject({ type: 'error', success: false, output: 'Command is too long: 1,205 characters; the limit is 1,000.' });
    expect(log.command).toBe(`${command.slice(0, 1000)}…`);
  });

  it('refuses control characters and logs the attempt; a NUL byte is invalid input, as everywhere, and not logged', async () => {
    const user = await registerUser(app);
    const expected = { type: 'error', output: 'Command contains control characters such as line breaks; type it on one line.' };
    expect(await run(user, 'echo a\u0000b')).toEqual(refusal(400, 'Text must not contain NUL characters'));
    expect((await runGraphQL(user, 'echo a\nwhoami')).data.executeCommand).toEqual(expected);
    const { body } = await logs(user);
    expect(body.logs.map((log: { command: string }) => log.command)).toEqual(['echo a\nwhoami']);
    expect((await logs(user, `?command=${encodeURIComponent('a\u0000')}`)).status).toBe(400);
  });
});

describe('suggestions', () => {
  const pwd = { command: 'pwd', description: 'Print the current directory', parameters: '', category: 'navigation' };
  const projects = { command: 'projects', description: 'List your projects with status and last update', parameters: '[filter]', category: 'projects' };

  it('matches the prefix, ignoring case, with command, description, parameters and category', async () => {
    expect(await app.api('GET', '/commands?search=p', { token: alice.token })).toEqual({ status: 200, body: { suggestions: [pwd, projects] } });
    expect((await app.api('GET', '/commands?search=PRO', { token: alice.token })).body).toEqual({ suggestions: [projects] });
    expect((await app.api('GET', '/commands?search=zz', { token: alice.token })).body).toEqual({ suggestions: [] });
  });

  it('lists every command for an empty or missing search', async () => {
    const all = ['help', 'clear', 'echo', 'whoami', 'pwd', 'ls', 'cd', 'projects', 'status', 'version'];
    for (const query of ['', '?search=', '?search=%20']) {
      const { body } = await app.api('GET', `/commands${query}`, { token: alice.token });
      expect(body.suggestions.map((s: { command: string }) => s.command)).toEqual(all);
    }
  });

  it('answers over GraphQL', async () => {
    const res = await app.graphql('{ commandSuggestions(search: "p") { command description parameters category } }', {}, alice.token);
    expect(res.data).toEqual({ commandSuggestions: [pwd, projects] });
    const all = await app.graphql('{ commandSuggestions { command } }', {}, alice.token);
    expect(all.data.commandSuggestions).toHaveLength(10);
  });

  it('refuses a repeated search parameter with 400', async () => {
    expect(await app.api('GET', '/commands?search=a&search=b', { token: alice.token })).toEqual(refusal(400, 'Search must be a string', 'search'));
  });
});

describe('command logs', () => {
  let carol: Account;
  /** Carol's commands in the order she ran them, with what the log must say about each. */
  const history = [
    { command: 'echo first', type: 'output', success: true },
    { command: 'help', type: 'info', success: true },
    { command: 'nope', type: 'error', success: false },
    { command: 'cd /projects', type: 'success', success: true },
    { command: 'echo 100% done_now', type: 'output', success: true },
    { command: 'echo back\\slash', type: 'output', success: true },
    { command: 'ECHO Mixed Case', type: 'output', success: true },
  ];
  const newestFirst = [...history].reverse();
  const commandsOf = (body: { logs: Array<{ command: string }> }) => body.logs.map((log) => log.command);

  /** When Carol started running her commands. */
  let ranFrom: number;

  beforeAll(async () => {
    carol = await registerUser(app);
    ranFrom = Date.now();
    for (const { command } of history) expect((await run(carol, command)).status).toBe(200);
  });

  it('lists the user\'s own log newest first, 20 to a page, in the spec\'s shape', async () => {
    const { status, body } = await logs(carol);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['logs', 'page', 'total', 'total_pages']);
    expect(body).toMatchObject({ total: history.length, page: 1, total_pages: 1 });
    expect(body.logs.map(({ command, type, success }: any) => ({ command, type, success }))).toEqual(newestFirst);
    const [latest] = body.logs;
    expect(Object.keys(latest).sort()).toEqual(['command', 'created_at', 'id', 'output', 'success', 'type', 'user_id']);
    expect(latest).toMatchObject({ user_id: carol.user.id, output: 'Mixed Case' });
    // Logged when she ran it, however long ago that was.
    expect(new Date(latest.created_at).getTime()).toBeGreaterThanOrEqual(ranFrom);
    expect(new Date(latest.created_at).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it.each([
    ['?type=error', ['nope']],
    ['?type=info', ['help']],
    ['?type=success', ['cd /projects']],
    ['?type=output', ['ECHO Mixed Case', 'echo back\\slash', 'echo 100% done_now', 'echo first']],
    ['?success=false', ['nope']],
    ['?success=true', newestFirst.filter((entry) => entry.success).map((entry) => entry.command)],
    ['?command=echo', ['ECHO Mixed Case', 'echo back\\slash', 'echo 100% done_now', 'echo first']],
    ['?command=mIXED', ['ECHO Mixed Case']],
    ['?command=%25', ['echo 100% done_now']],
    ['?command=_', ['echo 100% done_now']],
    ['?command=%5C', ['echo back\\slash']],
    ['?command=%20%20', []],
    ['?type=output&command=case', ['ECHO Mixed Case']],
    ['?type=output&success=false', []],
    ['?type=&success=&command=&page=&page_size=', newestFirst.map((entry) => entry.command)],
  ])('filters %s', async (query, expected) => {
    const { status, body } = await logs(carol, query);
    expect(status).toBe(200);
    expect(commandsOf(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it.each([
    ['?page_size=3', 1, ['ECHO Mixed Case', 'echo back\\slash', 'echo 100% done_now'], 3],
    ['?page_size=3&page=2', 2, ['cd /projects', 'nope', 'help'], 3],
    ['?page_size=3&page=3', 3, ['echo first'], 3],
    ['?page_size=3&page=4', 4, [], 3],
    ['?page_size=7', 1, newestFirst.map((entry) => entry.command), 1],
    ['?page_size=1&page=7', 7, ['echo first'], 7],
    ['?page_size=100', 1, newestFirst.map((entry) => entry.command), 1],
    ['?page=2', 2, [], 1],
  ])('pages %s', async (query, page, expected, totalPages) => {
    const { body } = await logs(carol, query);
    expect(body).toMatchObject({ page, total: history.length, total_pages: totalPages });
    expect(commandsOf(body)).toEqual(expected);
  });

  it('reports zero pages for an empty log', async () => {
    const fresh = await registerUser(app);
    expect((await logs(fresh)).body).toEqual({ logs: [], total: 0, page: 1, total_pages: 0 });
  });

  it.each([
    ['?type=warning', 'Type must be one of output, error, success, info', 'type'],
    ['?type=error&type=info', 'Type must be one of output, error, success, info', 'type'],
    ['?success=yes', 'Success must be true or false', 'success'],
    ['?success=1', 'Success must be true or false', 'success'],
    ['?page=0', 'Page must be a positive integer', 'page'],
    ['?page=-1', 'Page must be a positive integer', 'page'],
    ['?page=1.5', 'Page must be a positive integer', 'page'],
    ['?page=abc', 'Page must be a positive integer', 'page'],
    ['?page=99999999999', 'Page must be a positive integer', 'page'],
    ['?page=1&page=2', 'Page must be a positive integer', 'page'],
    ['?page_size=0', 'Page size must be an integer between 1 and 100', 'pageSize'],
    ['?page_size=101', 'Page size must be an integer between 1 and 100', 'pageSize'],
    ['?page_size=ten', 'Page size must be an integer between 1 and 100', 'pageSize'],
    ['?command=a&command=b', 'Command filter must be a string', 'command'],
    [`?command=${'x'.repeat(1001)}`, 'Command filter must be at most 1000 characters', 'command'],
  ])('refuses %s with 400 naming the parameter', async (query, error, field) => {
    expect(await logs(carol, query)).toEqual(refusal(400, error, field));
  });

  it('shows one entry by id, and never another user\'s', async () => {
    const [latest] = (await logs(carol)).body.logs;
    expect(await app.api('GET', `/command-logs/${latest.id}`, { token: carol.token })).toEqual({ status: 200, body: latest });
    for (const id of [latest.id, randomUUID(), 'not-a-uuid']) {
      expect(await app.api('GET', `/command-logs/${id}`, { token: bob.token })).toEqual(refusal(404, 'Command log not found'));
    }
  });

  it("keeps every user's log to themselves", async () => {
    const bobs = (await logs(bob, '?page_size=100')).body;
    expect(bobs.logs.every((log: { user_id: string }) => log.user_id === bob.user.id)).toBe(true);
    expect(commandsOf(bobs)).not.toContain('nope');
    expect((await logs(bob, '?command=Mixed%20Case')).body.total).toBe(0);
  });

  it('answers the same over GraphQL', async () => {
    const page = await app.graphql(
      `query ($filter: CommandLogFilter) { commandLogs(filter: $filter) { total page totalPages logs { ${LOG_FIELDS} } } }`,
      { filter: { type: 'output', command: 'e', pageSize: 2, page: 2 } },
      carol.token,
    );
    expect(page.data.commandLogs).toMatchObject({ total: 4, page: 2, totalPages: 2 });
    expect(page.data.commandLogs.logs.map((log: { command: string }) => log.command)).toEqual(['echo 100% done_now', 'echo first']);
    expect(page.data.commandLogs.logs[0]).toMatchObject({ userId: carol.user.id, type: 'output', success: true, output: '100% done_now' });

    const failed = await app.graphql('{ commandLogs(filter: { success: false }) { total logs { command } } }', {}, carol.token);
    expect(failed.data.commandLogs).toEqual({ total: 1, logs: [{ command: 'nope' }] });
    const all = await app.graphql('{ commandLogs { total page totalPages } }', {}, carol.token);
    expect(all.data.commandLogs).toEqual({ total: history.length, page: 1, totalPages: 1 });

    const { id } = page.data.commandLogs.logs[0];
    const one = await app.graphql(`query ($id: ID!) { commandLog(id: $id) { ${LOG_FIELDS} } }`, { id }, carol.token);
    expect(one.data.commandLog).toEqual(page.data.commandLogs.logs[0]);
    const stolen = await app.graphql(`query ($id: ID!) { commandLog(id: $id) { command } }`, { id }, bob.token);
    expect(stolen.errors?.[0]).toMatchObject({ message: 'Command log not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('refuses bad GraphQL filters with a client error, never a server error', async () => {
    const tooBig = await app.graphql('{ commandLogs(filter: { pageSize: 101 }) { total } }', {}, carol.token);
    expect(tooBig.errors?.[0]).toMatchObject({ message: 'Page size must be an integer between 1 and 100', extensions: { code: 'BAD_USER_INPUT' } });
    const zero = await app.graphql('{ commandLogs(filter: { page: 0 }) { total } }', {}, carol.token);
    expect(zero.errors?.[0]).toMatchObject({ message: 'Page must be a positive integer', extensions: { code: 'BAD_USER_INPUT' } });
    const badType = await app.graphql('{ commandLogs(filter: { type: warning }) { total } }', {}, carol.token);
    expect(badType.status).toBe(400);
    expect(badType.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const badVariable = await app.graphql('query ($f: CommandLogFilter) { commandLogs(filter: $f) { total } }', { f: { page: 'x' } }, carol.token);
    expect(badVariable.status).toBe(400);
    expect(badVariable.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});
