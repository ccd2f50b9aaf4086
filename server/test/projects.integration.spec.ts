import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './helpers/project-runs.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

type Account = Awaited<ReturnType<typeof registerUser>>;
type ProjectJson = {
  id: string;
  name: string;
  description: string;
  tags: string[];
  status: string;
  created_at: string;
  updated_at: string;
  environment_variables: Record<string, string>;
  [key: string]: unknown;
};

let app: TestApp;
let db: pg.Client;

beforeAll(async () => {
  app = await startTestApp();
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await app.stop();
});

/** A new user with the GitHub organization set, so they may create projects. */
async function developer(): Promise<Account> {
  const account = await registerUser(app);
  const res = await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: account.token, body: { value: 'acme' } });
  expect(res.status).toBe(200);
  return account;
}

async function createProject(user: Account, body: Record<string, unknown>): Promise<ProjectJson> {
  const res = await app.api('POST', '/projects', { token: user.token, body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const PROJECT_FIELDS = 'id name description tags status version repositoryUrl deployedUrl templateName buildCommit dockerImageUrl createdAt updatedAt';

describe('creating a project', () => {
  let user: Account;
  beforeAll(async () => {
    user = await developer();
  });

  it('answers 201 with every field of the spec, defaults filled', async () => {
    const res = await app.api('POST', '/projects', { token: user.token, body: { name: '  First Project  ' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'First Project',
      description: '',
      tags: [],
      status: 'active',
      version: null,
      repository_url: null,
      clone_url: `${app.url}/git/acme/first-project.git`,
      deployed_url: null,
      loopback_url: null,
      environment_variables: {},
      template_name: null,
      build_commit: null,
      docker_image_url: null,
      providers: { source_host: 'local', builder: 'local', registry: 'local', cluster: 'local' },
      limits: { memory_mb: null, processes: null, cpu_percent: null, disk_mb: null },
      sandbox: {
        sandboxed: expect.any(Boolean),
        reason: expect.toBeOneOf([null, expect.any(String)]),
        limits_enforced: expect.any(Boolean),
        limits_reason: expect.toBeOneOf([null, expect.any(String)]),
        limits: { memory_mb: 512, processes: 256, cpu_percent: 100, disk_mb: 1024 },
        summary: expect.any(String),
      },
      active_version: null,
      active_deployment: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // Its creation run fills repository_url, build_commit and updated_at meanwhile.
    const { repository_url: _repositoryUrl, build_commit: _buildCommit, updated_at: _updatedAt, ...given } = res.body;
    expect((await app.api('GET', `/projects/${res.body.id}`, { token: user.token })).body).toMatchObject(given);
  });

  it('takes the whole creation payload; tags are trimmed and deduplicated, blanks dropped', async () => {
    const project = await createProject(user, {
      name: 'Full Payload',
      description: '  A shop front end  ',
      status: 'active',
      tags: [' web ', 'web', '', '  ', 'shop'],
      template_name: 'static-site',
      environment_variables: { EXTRA_FLAG: 'on' },
    });
    expect(project).toMatchObject({
      description: 'A shop front end',
      tags: ['web', 'shop'],
      template_name: 'static-site',
      environment_variables: { EXTRA_FLAG: 'on' },
    });
  });

  it("fills the template's default values when none are given, keeping given ones and extra variables", async () => {
    const project = await createProject(user, {
      name: 'Templated API',
      template_name: 'node-rest-api',
      environment_variables: { API_KEY: 'sk_live_123456', LOG_LEVEL: '', MY_OWN: 'x' },
    });
    expect(project.environment_variables).toEqual({ API_KEY: 'sk_live_123456', LOG_LEVEL: 'info', CORS_ORIGIN: '*', MY_OWN: 'x' });
    const worker = await createProject(user, { name: 'Worker', template_name: 'scheduled-worker' });
    // Optional variables with a blank default are left out rather than stored empty.
    expect(worker.environment_variables).toEqual({ JOB_INTERVAL_SECONDS: '60' });
  });

  it.each([
    ['exactly 2 characters', { name: 'ab' }],
    ['exactly 100 characters', { name: 'n'.repeat(100) }],
    ['a 500-character description', { name: 'Long description', description: 'd'.repeat(500) }],
    ['20 tags of 50 characters', { name: 'Many tags', tags: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(50, 't')) }],
    ['hyphens, underscores and spaces', { name: 'my-app_2 final' }],
  ])('accepts %s', async (_label, body) => {
    expect((await app.api('POST', '/projects', { token: user.token, body })).status).toBe(201);
  });

  // [label, REST body, GraphQL input (null where GraphQL's own types already refuse it), message, the field it is about]
  const invalid: Array<[string, Record<string, unknown>, Record<string, unknown> | null, string, string]> = [
    ['no name', {}, null, 'Project name is required', 'name'],
    ['an empty name', { name: '' }, { name: '' }, 'Project name is required', 'name'],
    ['a blank name', { name: '   ' }, { name: '   ' }, 'Project name is required', 'name'],
    ['a 1-character name', { name: ' a ' }, { name: ' a ' }, 'Project name must be at least 2 characters', 'name'],
    ['a 101-character name', { name: 'n'.repeat(101) }, { name: 'n'.repeat(101) }, 'Project name must be less than 100 characters', 'name'],
    ['a slash in the name', { name: 'api/v2' }, { name: 'api/v2' }, 'Project name can only contain letters, numbers, spaces, hyphens, and underscores', 'name'],
    ['a tab in the name', { name: 'my\tapp' }, { name: 'my\tapp' }, 'Project name can only contain letters, numbers, spaces, hyphens, and underscores', 'name'],
    ['an accented name', { name: 'café' }, { name: 'café' }, 'Project name can only contain letters, numbers, spaces, hyphens, and underscores', 'name'],
    ['a number as name', { name: 42 }, null, 'Project name must be a string', 'name'],
    ['a 501-character description', { name: 'ok', description: 'd'.repeat(501) }, { name: 'ok', description: 'd'.repeat(501) }, 'Description must be less than 500 characters', 'description'],
    ['a description that is not text', { name: 'ok', description: ['x'] }, null, 'Description must be a string', 'description'],
    ['tags as a string', { name: 'ok', tags: 'web,api' }, null, 'Tags must be a list of strings', 'tags'],
    ['a tag that is not text', { name: 'ok', tags: ['web', 7] }, null, 'Tags must be a list of strings', 'tags'],
    ['a 51-character tag', { name: 'ok', tags: ['t'.repeat(51)] }, { name: 'ok', tags: ['t'.repeat(51)] }, 'Tags must be at most 50 characters', 'tags'],
    ['21 tags', { name: 'ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, { name: 'ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'A project can have at most 20 tags', 'tags'],
    ['an unknown status', { name: 'ok', status: 'archived' }, null, 'Status must be either active or inactive', 'status'],
    ['an unknown template', { name: 'ok', template_name: 'php-app' }, { name: 'ok', templateName: 'php-app' }, 'Template "php-app" does not exist', 'templateName'],
    ['a required variable missing', { name: 'ok', template_name: 'node-rest-api' }, { name: 'ok', templateName: 'node-rest-api' }, 'API_KEY is required', 'environmentVariables'],
    [
      'a required variable left blank',
      { name: 'ok', template_name: 'fullstack-notes', environment_variables: { ADMIN_PASSWORD: 'pw', SESSION_SECRET: '  ' } },
      { name: 'ok', templateName: 'fullstack-notes', environmentVariables: [{ name: 'ADMIN_PASSWORD', value: 'pw' }, { name: 'SESSION_SECRET', value: '  ' }] },
      'SESSION_SECRET is required',
      'environmentVariables',
    ],
    [
      'a variable name starting with a digit',
      { name: 'ok', environment_variables: { '1ST': 'x' } },
      { name: 'ok', environmentVariables: [{ name: '1ST', value: 'x' }] },
      'Environment variable name "1ST" is invalid: use letters, numbers and underscores, not starting with a number',
      'environmentVariables',
    ],
    [
      'a variable name with a dash',
      { name: 'ok', environment_variables: { 'MY-VAR': 'x' } },
      { name: 'ok', environmentVariables: [{ name: 'MY-VAR', value: 'x' }] },
      'Environment variable name "MY-VAR" is invalid: use letters, numbers and underscores, not starting with a number',
      'environmentVariables',
    ],
    [
      'a blank variable name',
      { name: 'ok', environment_variables: { '  ': 'x' } },
      { name: 'ok', environmentVariables: [{ name: '  ', value: 'x' }] },
      'Environment variable name is required',
      'environmentVariables',
    ],
    [
      'the same variable twice once trimmed',
      { name: 'ok', environment_variables: { A: '1', ' A ': '2' } },
      { name: 'ok', environmentVariables: [{ name: 'A', value: '1' }, { name: ' A', value: '2' }] },
      'Environment variable "A" is defined more than once',
      'environmentVariables',
    ],
    ['a variable without a text value', { name: 'ok', environment_variables: { A: { nested: true } } }, null, 'Environment variable "A" must have a text value', 'environmentVariables'],
    ['variables as a list of strings', { name: 'ok', environment_variables: 'A=1' }, null, 'Environment variables must be an object mapping names to values', 'environmentVariables'],
    [
      'a variable value over 10000 characters',
      { name: 'ok', environment_variables: { A: 'v'.repeat(10_001) } },
      { name: 'ok', environmentVariables: [{ name: 'A', value: 'v'.repeat(10_001) }] },
      'Environment variable "A" must be at most 10000 characters',
      'environmentVariables',
    ],
    ['a repository URL that is not http', { name: 'ok', repository_url: 'ftp://example.com/x' }, { name: 'ok', repositoryUrl: 'ftp://example.com/x' }, 'Repository URL must be a valid http or https URL', 'repositoryUrl'],
  ];

  it.each(invalid)('refuses %s over REST and GraphQL with the same message and field', async (_label, body, input, message, field) => {
    const before = (await app.api('GET', '/projects?limit=100', { token: user.token })).body.total;
    expect(await app.api('POST', '/projects', { token: user.token, body })).toEqual(refusal(400, message, field));
    if (input) {
      const res = await app.graphql('mutation ($input: CreateProjectInput!) { createProject(input: $input) { id } }', { input }, user.token);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    }
    expect((await app.api('GET', '/projects?limit=100', { token: user.token })).body.total).toBe(before);
  });

  it('keeps names unique per user, ignoring case, with a 409; another user may reuse the name', async () => {
    await createProject(user, { name: 'Billing Service' });
    expect(await app.api('POST', '/projects', { token: user.token, body: { name: '  billing SERVICE ' } })).toEqual(
      refusal(409, 'A project named "billing SERVICE" already exists', 'name'),
    );
    const dup = await app.graphql('mutation { createProject(input: { name: "BILLING SERVICE" }) { id } }', {}, user.token);
    expect(dup.errors?.[0]).toMatchObject({
      message: 'A project named "BILLING SERVICE" already exists',
      extensions: { code: 'CONFLICT', reason: 'PROJECT_NAME_TAKEN', field: 'name' },
    });
    const other = await developer();
    expect((await app.api('POST', '/projects', { token: other.token, body: { name: 'Billing Service' } })).status).toBe(201);
  });

  it('says whether a name is free before anything is created, with the message creation would give', async () => {
    await createProject(user, { name: 'Ledger' });
    const refusalOf = async (name: string, token = user.token) => {
      const { data, errors } = await app.graphql('query ($name: String!) { projectNameRefusal(name: $name) }', { name }, token);
      expect(errors).toBeUndefined();
      return data.projectNameRefusal;
    };
    expect(await refusalOf(' LEDGER ')).toBe('A project named "LEDGER" already exists');
    expect(await refusalOf('Ledger 2')).toBeNull();
    expect(await refusalOf('x')).toBe('Project name must be at least 2 characters');
    expect(await refusalOf('acme org!')).toBe('Project name can only contain letters, numbers, spaces, hyphens, and underscores');
    // Another user's names are not theirs to know.
    expect(await refusalOf('Ledger', (await developer()).token)).toBeNull();
    expect((await app.graphql('{ projectNameRefusal(name: "Ledger") }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await app.api('GET', '/projects', { token: user.token })).body.projects.filter((row: ProjectJson) => row.name === 'Ledger')).toHaveLength(1);
  });

  it('needs the GitHub organization set in Settings first', async () => {
    const newcomer = await registerUser(app);
    expect(await app.api('POST', '/projects', { token: newcomer.token, body: { name: 'Too Early' } })).toEqual(refusal(400, 'Set your GitHub organization in Settings before creating projects'));
    await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: newcomer.token, body: { value: 'acme' } });
    expect((await app.api('POST', '/projects', { token: newcomer.token, body: { name: 'Too Early' } })).status).toBe(201);
  });

  it.each([
    ['malformed JSON', { raw: '{"name": "x",' }, 400, 'Malformed JSON in request body'],
    ['a JSON array', { raw: '[{"name": "x"}]' }, 400, 'Request body must be a JSON object'],
    ['a JSON string', { raw: '"name"' }, 400, 'Malformed JSON in request body'],
    ['an unknown field', { body: { name: 'ok', owner_id: 'someone' } }, 400, 'Unknown field "owner_id"', 'owner_id'],
    ['a camelCase field', { body: { name: 'ok', templateName: 'go-api' } }, 400, 'Unknown field "templateName"', 'templateName'],
    ['a body over 100 kB', { body: { name: 'ok', description: 'x'.repeat(200_000) } }, 413, 'Request body is too large'],
  ])('answers %s with a 4xx and a clear message, never a 500', async (_label, request, status, message, field?: string) => {
    expect(await app.api('POST', '/projects', { token: user.token, ...request })).toEqual(refusal(status, message, field));
  });

  it('needs a signed-in user', async () => {
    expect((await app.api('POST', '/projects', { body: { name: 'x' } })).status).toBe(401);
    expect((await app.api('GET', '/projects')).status).toBe(401);
    expect((await app.graphql('{ projects { total } }')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('reading, changing and deleting a project', () => {
  let user: Account;
  let project: ProjectJson;
  beforeAll(async () => {
    user = await developer();
    project = await createProject(user, { name: 'Editable', description: 'Before', tags: ['one'] });
    await createProject(user, { name: 'Other Name' });
  });

  it('changes only the fields sent and moves updated_at', async () => {
    const res = await app.api('PUT', `/projects/${project.id}`, { token: user.token, body: { description: 'After' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Editable', description: 'After', tags: ['one'], status: 'active', created_at: project.created_at });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(project.updated_at));

    const renamed = await app.api('PUT', `/projects/${project.id}`, {
      token: user.token,
      body: { name: ' Edited ', tags: ['two', 'two '], status: 'inactive' },
    });
    expect(renamed.body).toMatchObject({ name: 'Edited', description: 'After', tags: ['two'], status: 'inactive' });
  });

  it('answers an empty change with the project unchanged', async () => {
    const current = (await app.api('GET', `/projects/${project.id}`, { token: user.token })).body;
    expect(await app.api('PUT', `/projects/${project.id}`, { token: user.token, body: {} })).toEqual({ status: 200, body: current });
  });

  it('sets the repository URL, and null or an empty string clears it', async () => {
    const url = 'https://github.com/acme/editable';
    expect((await app.api('PUT', `/projects/${project.id}`, { token: user.token, body: { repository_url: url } })).body.repository_url).toBe(url);
    expect((await app.api('PUT', `/projects/${project.id}`, { token: user.token, body: { repository_url: null } })).body.repository_url).toBeNull();
    await app.api('PUT', `/projects/${project.id}`, { token: user.token, body: { repository_url: url } });
    expect((await app.api('PUT', `/projects/${project.id}`, { token: user.token, body: { repository_url: '' } })).body.repository_url).toBeNull();
  });

  it.each([
    [{ name: '' }, 400, 'Project name is required', 'name'],
    [{ name: 'x' }, 400, 'Project name must be at least 2 characters', 'name'],
    [{ name: 'OTHER name' }, 409, 'A project named "OTHER name" already exists', 'name'],
    [{ description: 'd'.repeat(501) }, 400, 'Description must be less than 500 characters', 'description'],
    [{ tags: 'a' }, 400, 'Tags must be a list of strings', 'tags'],
    [{ status: 'paused' }, 400, 'Status must be either active or inactive', 'status'],
    [{ repository_url: 'not a url' }, 400, 'Repository URL must be a valid http or https URL', 'repositoryUrl'],
    [{ repository_url: 42 }, 400, 'Repository URL must be a string', 'repositoryUrl'],
    [{ environment_variables: null }, 400, 'Environment variables must be an object mapping names to values', 'environmentVariables'],
    [{ id: '7d0c8f5e-2f1b-4c1a-9d7e-0a1b2c3d4e5f' }, 400, 'Unknown field "id"', 'id'],
    [{ template_name: 'go-api' }, 400, 'Unknown field "template_name"', 'template_name'],
    [{ version: 'v1.0.0' }, 400, 'Unknown field "version"', 'version'],
  ])('refuses %o and changes nothing', async (body, status, message, field?: string) => {
    const before = (await app.api('GET', `/projects/${project.id}`, { token: user.token })).body;
    expect(await app.api('PUT', `/projects/${project.id}`, { token: user.token, body })).toEqual(refusal(status, message, field));
    expect((await app.api('GET', `/projects/${project.id}`, { token: user.token })).body).toEqual(before);
  });

  it('sets the status through PUT /projects/{id}/status', async () => {
    const res = await app.api('PUT', `/projects/${project.id}/status`, { token: user.token, body: { status: 'active' } });
    expect(res).toMatchObject({ status: 200, body: { id: project.id, status: 'active' } });
    for (const body of [{ status: 'deleted' }, {}, { status: null }]) {
      expect(await app.api('PUT', `/projects/${project.id}/status`, { token: user.token, body })).toEqual(refusal(400, 'Status must be either active or inactive', 'status'));
    }
  });

  it('deletes with 202 (the deletion run), then the project is gone', async () => {
    const doomed = await createProject(user, { name: 'Doomed' });
    expect(await app.api('DELETE', `/projects/${doomed.id}`, { token: user.token })).toEqual({ status: 202, body: { message: 'Project deletion started' } });
    await eventually(async () => (await app.api('GET', `/projects/${doomed.id}`, { token: user.token })).status === 404);
    expect(await app.api('GET', `/projects/${doomed.id}`, { token: user.token })).toEqual(refusal(404, 'Project not found'));
    expect((await app.api('DELETE', `/projects/${doomed.id}`, { token: user.token })).status).toBe(404);
    // The name is free again.
    expect((await app.api('POST', '/projects', { token: user.token, body: { name: 'doomed' } })).status).toBe(201);
  });
});

describe('environment variables', () => {
  const SECRET = 'sk_live_abcdef123456';
  let user: Account;
  let project: ProjectJson;
  beforeAll(async () => {
    user = await developer();
    project = await createProject(user, {
      name: 'Env Holder',
      environment_variables: { API_KEY: SECRET, DATABASE_PASSWORD: 'pa55word!', LOG_LEVEL: 'debug' },
    });
  });

  it('shows plain values to the owner on the project, and none in list answers', async () => {
    expect(project.environment_variables).toEqual({ API_KEY: SECRET, DATABASE_PASSWORD: 'pa55word!', LOG_LEVEL: 'debug' });
    const listed = (await app.api('GET', '/projects', { token: user.token })).body.projects[0];
    expect(listed).toMatchObject({ id: project.id, name: 'Env Holder' });
    expect(listed).not.toHaveProperty('environment_variables');
    expect(JSON.stringify(listed)).not.toContain(SECRET);
  });

  it('replaces the whole map with PUT {environment_variables}, names trimmed and values kept', async () => {
    const res = await app.api('PUT', `/projects/${project.id}`, {
      token: user.token,
      body: { environment_variables: { ' API_KEY ': SECRET, EMPTY_ONE: '', PORT: 8080, DEBUG: false } },
    });
    expect(res.body.environment_variables).toEqual({ API_KEY: SECRET, EMPTY_ONE: '', PORT: '8080', DEBUG: 'false' });
    expect((await app.api('GET', `/projects/${project.id}`, { token: user.token })).body.environment_variables).toEqual(res.body.environment_variables);
  });

  it('keeps the map encrypted at rest: no column holds a name or a value in plain text', async () => {
    const { rows } = await db.query('SELECT environment_variables_encrypted AS sealed, p::text AS whole FROM projects p WHERE id = $1', [project.id]);
    expect(rows[0].sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    for (const plain of [SECRET, 'API_KEY', 'EMPTY_ONE', '8080']) expect(rows[0].whole).not.toContain(plain);
    const templated = await createProject(user, { name: 'Secret Notes', template_name: 'fullstack-notes', environment_variables: { ADMIN_PASSWORD: 'hunter2-admin', SESSION_SECRET: 'session-secret-value' } });
    const stored = await db.query('SELECT p::text AS whole FROM projects p WHERE id = $1', [templated.id]);
    for (const plain of ['hunter2-admin', 'session-secret-value', 'ADMIN_PASSWORD']) expect(stored.rows[0].whole).not.toContain(plain);
  });

  it('binds the sealed map to its project: copied to another row it cannot be read, and nothing leaks', async () => {
    const other = await createProject(user, { name: 'Copy Target' });
    await db.query('UPDATE projects SET environment_variables_encrypted = (SELECT environment_variables_encrypted FROM projects WHERE id = $1) WHERE id = $2', [
      project.id,
      other.id,
    ]);
    expect(await app.api('GET', `/projects/${other.id}`, { token: user.token })).toEqual(refusal(500, 'Internal server error'));
    await app.api('DELETE', `/projects/${other.id}`, { token: user.token });
  });

  it('updates through GraphQL with a list, flagging sensitive names', async () => {
    const res = await app.graphql(
      `mutation ($id: ID!, $v: [EnvironmentVariableInput!]!) { updateProjectEnvironment(id: $id, variables: $v) { environmentVariables { name value sensitive } } }`,
      { id: project.id, v: [{ name: 'GITHUB_TOKEN', value: 'ghp_x' }, { name: 'REGION', value: 'fra1' }] },
      user.token,
    );
    expect(res.data.updateProjectEnvironment.environmentVariables).toEqual([
      { name: 'GITHUB_TOKEN', value: 'ghp_x', sensitive: true },
      { name: 'REGION', value: 'fra1', sensitive: false },
    ]);
    const cleared = await app.graphql('mutation ($id: ID!) { updateProjectEnvironment(id: $id, variables: []) { environmentVariables { name } } }', { id: project.id }, user.token);
    expect(cleared.data.updateProjectEnvironment.environmentVariables).toEqual([]);
  });
});

describe('the projects list', () => {
  let user: Account;
  let all: ProjectJson[];
  const seed: Array<[string, string, string[], string]> = [
    ['Alpha Store', 'Online shop front end', ['web', 'shop'], 'active'],
    ['bravo-api', 'Payments API', ['api', 'payments'], 'active'],
    ['Charlie_Worker', 'Nightly billing jobs', ['jobs'], 'inactive'],
    ['delta', 'Docs site with 100% coverage', ['web', 'docs'], 'active'],
    ['Echo Gateway', 'API gateway with rate_limit', ['api'], 'inactive'],
    ['foxtrot', '', [], 'active'],
    ...['Golf', 'hotel', 'India', 'juliet', 'Kilo', 'lima', 'Mike', 'november', 'Oscar'].map(
      (name, i): [string, string, string[], string] => [name, `Filler project ${i}`, ['filler'], i % 3 === 0 ? 'inactive' : 'active'],
    ),
  ];

  const list = async (query: string, token = user.token) => app.api('GET', `/projects${query}`, { token });
  const names = (res: { body: { projects: ProjectJson[] } }) => res.body.projects.map((p) => p.name);

  beforeAll(async () => {
    user = await developer();
    for (const [name, description, tags, status] of seed) await createProject(user, { name, description, tags, status });
    // Touch an early project so that updated_at order differs from created_at order.
    const alpha = (await list('?search=Alpha')).body.projects[0];
    await app.api('PUT', `/projects/${alpha.id}`, { token: user.token, body: { description: 'Online shop front end, v2' } });
    all = (await list('?limit=100')).body.projects;
    expect(all).toHaveLength(15);
  });

  it('defaults to page 1, 12 per page, most recently updated first', async () => {
    const res = await list('');
    expect(res.body).toMatchObject({ page: 1, total_pages: 2, total: 15 });
    expect(names(res)).toEqual(['Alpha Store', 'Oscar', 'november', 'Mike', 'lima', 'Kilo', 'juliet', 'India', 'hotel', 'Golf', 'foxtrot', 'Echo Gateway']);
    expect(Object.keys(res.body).sort()).toEqual(['page', 'projects', 'total', 'total_pages']);
  });

  it.each([
    ['?page=2', 2, 3, 2],
    ['?page=3', 3, 0, 2],
    ['?page=99&limit=5', 99, 0, 3],
    ['?limit=5&page=3', 3, 5, 3],
    ['?limit=1', 1, 1, 15],
    ['?limit=100', 1, 15, 1],
    ['?limit=15&page=1', 1, 15, 1],
    ['?limit=&page=', 1, 12, 2],
  ])('paginates %s: page %i with %i projects of %i pages, total 15', async (query, page, count, totalPages) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page, total_pages: totalPages, total: 15 });
    expect(res.body.projects).toHaveLength(count);
  });

  it('never repeats or skips a project across pages', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) seen.push(...(await list(`?limit=4&page=${page}&sort_by=status&sort_order=ASC`)).body.projects.map((p: ProjectJson) => p.id));
    expect(seen.sort()).toEqual(all.map((p) => p.id).sort());
  });

  const byTime = (field: 'created_at' | 'updated_at', dir: number) => (a: ProjectJson, b: ProjectJson) =>
    dir * (Date.parse(a[field]) - Date.parse(b[field]) || a.id.localeCompare(b.id));
  const sorts: Array<[string, string, (a: ProjectJson, b: ProjectJson) => number]> = [
    ['updated_at', 'DESC', byTime('updated_at', -1)],
    ['updated_at', 'ASC', byTime('updated_at', 1)],
    ['created_at', 'DESC', byTime('created_at', -1)],
    ['created_at', 'ASC', byTime('created_at', 1)],
    ['name', 'ASC', (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())],
    ['name', 'DESC', (a, b) => b.name.toLowerCase().localeCompare(a.name.toLowerCase())],
    ['status', 'ASC', (a, b) => a.status.localeCompare(b.status) || byTime('updated_at', -1)(a, b)],
    ['status', 'DESC', (a, b) => b.status.localeCompare(a.status) || byTime('updated_at', -1)(a, b)],
  ];

  it.each(sorts)('sorts by %s %s', async (sortBy, order, compare) => {
    const res = await list(`?limit=100&sort_by=${sortBy}&sort_order=${order}`);
    expect(names(res)).toEqual([...all].sort(compare).map((p) => p.name));
    const viaGraphQL = await app.graphql(
      'query ($f: ProjectsFilterInput) { projects(filter: $f) { projects { name } } }',
      { f: { limit: 100, sortBy, sortOrder: order } },
      user.token,
    );
    expect(viaGraphQL.data.projects.projects.map((p: { name: string }) => p.name)).toEqual(names(res));
  });

  it('reads sort_order in any case and sorts names ignoring case', async () => {
    expect(names(await list('?sort_by=name&sort_order=asc&limit=4'))).toEqual(['Alpha Store', 'bravo-api', 'Charlie_Worker', 'delta']);
    expect(names(await list('?sort_by=name&sort_order=Desc&limit=2'))).toEqual(['Oscar', 'november']);
  });

  it.each([
    ['golf', ['Golf']],
    ['API', ['Echo Gateway', 'bravo-api']],
    ['shop front', ['Alpha Store']],
    ['%', ['delta']],
    ['_', ['Echo Gateway', 'Charlie_Worker']],
    ['100%', ['delta']],
    ['rate\\_limit', []],
    ['  billing  ', ['Charlie_Worker']],
    ['nothing like this', []],
  ])('searches name and description for %j, case-insensitively and literally', async (search, expected) => {
    expect(names(await list(`?limit=100&search=${encodeURIComponent(search)}`))).toEqual(expected);
  });

  it('filters by status', async () => {
    const inactive = await list('?limit=100&status=inactive');
    expect(inactive.body.total).toBe(5);
    expect(inactive.body.projects.every((p: ProjectJson) => p.status === 'inactive')).toBe(true);
    expect((await list('?status=active')).body.total).toBe(10);
    expect((await list('?status=')).body.total).toBe(15);
  });

  it.each([
    ['?tags=web', ['Alpha Store', 'delta']],
    ['?tags=web,api', ['Alpha Store', 'Echo Gateway', 'delta', 'bravo-api']],
    ['?tags=jobs&tags=docs', ['delta', 'Charlie_Worker']],
    ['?tags[]=payments&tags[]=shop', ['Alpha Store', 'bravo-api']],
    ['?tags=%20web%20,,', ['Alpha Store', 'delta']],
    ['?tags=Web', []],
    ['?tags=,,&tags=', null],
  ])('filters by tags %s (a project matches with ANY of them; empty values skipped)', async (query, expected) => {
    const res = await list(`${query}&limit=100`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(expected ?? all.map((p) => p.name));
  });

  it('combines search, tag, status and sort, over REST and GraphQL alike', async () => {
    const rest = await list('?search=a&tags=api,web&status=active&sort_by=name&sort_order=ASC&limit=12');
    expect(names(rest)).toEqual(['Alpha Store', 'bravo-api', 'delta']);
    const gql = await app.graphql(
      `query { projects(filter: { search: "a", tags: ["api", "web"], status: active, sortBy: name, sortOrder: ASC, limit: 2, page: 2 }) {
         page limit total totalPages projects { name status tags } } }`,
      {},
      user.token,
    );
    expect(gql.data.projects).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2, projects: [{ name: 'delta', status: 'active', tags: ['web', 'docs'] }] });
  });

  it.each([
    ['?page=0', 'page must be an integer between 1 and 1000000', 'page'],
    ['?page=-1', 'page must be an integer between 1 and 1000000', 'page'],
    ['?page=abc', 'page must be an integer between 1 and 1000000', 'page'],
    ['?page=1.5', 'page must be an integer between 1 and 1000000', 'page'],
    ['?page=1&page=2', 'page must be given once', 'page'],
    ['?limit=0', 'limit must be an integer between 1 and 100', 'limit'],
    ['?limit=101', 'limit must be an integer between 1 and 100', 'limit'],
    ['?limit=1e2', 'limit must be an integer between 1 and 100', 'limit'],
    ['?sort_by=owner_id', 'sort_by must be one of updated_at, created_at, name, status', 'sort_by'],
    ['?sort_by=name;DROP TABLE projects', 'sort_by must be one of updated_at, created_at, name, status', 'sort_by'],
    ['?sort_order=up', 'sort_order must be ASC or DESC', 'sort_order'],
    ['?status=archived', 'status must be active or inactive', 'status'],
    [`?search=${'s'.repeat(201)}`, 'search must be at most 200 characters', 'search'],
    [`?tags=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}`, 'tags can list at most 20 tags', 'tags'],
  ])('refuses %s with a 400 naming the parameter', async (query, message, field) => {
    expect(await list(query)).toEqual(refusal(400, message, field));
  });

  it('refuses bad GraphQL filter values with the same messages', async () => {
    const res = await app.graphql('{ projects(filter: { limit: 500 }) { total } }', {}, user.token);
    expect(res.errors?.[0]).toMatchObject({ message: 'limit must be an integer between 1 and 100', extensions: { code: 'BAD_USER_INPUT' } });
    const sort = await app.graphql('{ projects(filter: { sortBy: owner_id }) { total } }', {}, user.token);
    expect(sort.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers the distinct tags, sorted ignoring case, and the stats', async () => {
    expect(await list('/tags')).toEqual({ status: 200, body: { tags: ['api', 'docs', 'filler', 'jobs', 'payments', 'shop', 'web'] } });
    expect(await list('/stats')).toEqual({ status: 200, body: { total: 15, active: 10, inactive: 5, tags: 7 } });
    const gql = await app.graphql('{ projectStats { total active inactive tags } projectTags }', {}, user.token);
    expect(gql.data).toEqual({
      projectStats: { total: 15, active: 10, inactive: 5, tags: 7 },
      projectTags: ['api', 'docs', 'filler', 'jobs', 'payments', 'shop', 'web'],
    });
  });

  it("shows another user none of these projects, tags or stats", async () => {
    const stranger = await developer();
    expect((await list('?limit=100', stranger.token)).body).toEqual({ projects: [], page: 1, total_pages: 0, total: 0 });
    expect((await list('?search=Alpha', stranger.token)).body.total).toBe(0);
    expect((await list('/tags', stranger.token)).body).toEqual({ tags: [] });
    expect((await list('/stats', stranger.token)).body).toEqual({ total: 0, active: 0, inactive: 0, tags: 0 });
  });

  it('is backed by indexes on the owner and each sort column, a case-insensitive unique name and GIN on owner:tag keys', async () => {
    const { rows } = await db.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'projects'`);
    const definitions = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef.replace(/^.* USING /, '')]));
    expect(definitions).toMatchObject({
      IDX_projects_owner_updated: 'btree (owner_id, updated_at, id)',
      IDX_projects_owner_created: 'btree (owner_id, created_at, id)',
      IDX_projects_owner_status: 'btree (owner_id, status, updated_at DESC, id DESC)',
      UQ_projects_owner_name: 'btree (owner_id, lower(name))',
      // No fast-update pending list: every tag lookup would scan it linearly until the next vacuum.
      IDX_projects_owner_tags: 'gin (project_owner_tags(owner_id, tags)) WITH (fastupdate=off)',
    });
  });
});

describe("another user's project", () => {
  let owner: Account;
  let intruder: Account;
  let project: ProjectJson;
  beforeAll(async () => {
    owner = await developer();
    intruder = await developer();
    project = await createProject(owner, { name: 'Private', environment_variables: { API_KEY: 'owner-only' } });
  });

  it.each([
    ['GET', ''],
    ['PUT', '', { name: 'Stolen' }],
    ['PUT', '', { environment_variables: {} }],
    ['PUT', '/status', { status: 'inactive' }],
    ['DELETE', ''],
  ])('is a 404 for %s /projects/{id}%s', async (method, suffix, body?: object) => {
    expect(await app.api(method, `/projects/${project.id}${suffix}`, { token: intruder.token, body })).toEqual(refusal(404, 'Project not found'));
  });

  it.each([
    ['query ($id: ID!) { project(id: $id) { id } }'],
    ['mutation ($id: ID!) { updateProject(id: $id, input: { name: "Stolen" }) { id } }'],
    ['mutation ($id: ID!) { updateProjectEnvironment(id: $id, variables: []) { id } }'],
    ['mutation ($id: ID!) { setProjectStatus(id: $id, status: inactive) { id } }'],
    ['mutation ($id: ID!) { deleteProject(id: $id) }'],
  ])('is NOT_FOUND over GraphQL: %s', async (query) => {
    const res = await app.graphql(query, { id: project.id }, intruder.token);
    expect(res.errors?.[0]).toMatchObject({ message: 'Project not found' });
    expect(res.errors?.[0].extensions).toEqual({ code: 'NOT_FOUND', reason: 'PROJECT_NOT_FOUND' });
  });

  it('stays exactly as its owner left it', async () => {
    // Only its own creation run changes it meanwhile (repository_url, build_commit, updated_at).
    const { repository_url: _repositoryUrl, build_commit: _buildCommit, updated_at: _updatedAt, ...left } = project;
    expect((await app.api('GET', `/projects/${project.id}`, { token: owner.token })).body).toMatchObject(left);
  });

  it.each(['not-a-uuid', '123', "1' OR '1'='1", '00000000-0000-0000-0000-000000000000'])('treats the id %j as not found', async (id) => {
    expect((await app.api('GET', `/projects/${encodeURIComponent(id)}`, { token: owner.token })).status).toBe(404);
    expect((await app.api('DELETE', `/projects/${encodeURIComponent(id)}`, { token: owner.token })).status).toBe(404);
    expect((await app.graphql('query ($id: ID!) { project(id: $id) { id } }', { id }, owner.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('disappears with its owner', async () => {
    await db.query('DELETE FROM users WHERE id = $1', [owner.user.id]);
    expect((await db.query('SELECT count(*)::int AS n FROM projects WHERE id = $1', [project.id])).rows[0].n).toBe(0);
  });
});

describe('projects over GraphQL', () => {
  let user: Account;
  beforeAll(async () => {
    user = await developer();
  });

  it('creates, reads, updates, changes status and deletes, with the template resolved', async () => {
    const created = await app.graphql(
      `mutation ($input: CreateProjectInput!) { createProject(input: $input) {
         ${PROJECT_FIELDS} environmentVariables { name value sensitive } template { id name type } } }`,
      {
        input: {
          name: 'Graph Project',
          description: 'Made over GraphQL',
          tags: ['graphql', ' graphql '],
          templateName: 'go-api',
          environmentVariables: [{ name: 'APP_ENV', value: 'staging' }],
        },
      },
      user.token,
    );
    expect(created.errors).toBeUndefined();
    const project = created.data.createProject;
    expect(project).toMatchObject({
      name: 'Graph Project',
      description: 'Made over GraphQL',
      tags: ['graphql'],
      status: 'active',
      version: null,
      repositoryUrl: null,
      deployedUrl: null,
      templateName: 'go-api',
      buildCommit: null,
      dockerImageUrl: null,
      environmentVariables: [
        { name: 'APP_ENV', value: 'staging', sensitive: false },
        { name: 'LOG_LEVEL', value: 'info', sensitive: false },
      ],
      template: { id: 'go-api', name: 'go-api', type: 'go_api' },
    });

    const updated = await app.graphql(
      `mutation ($id: ID!) { updateProject(id: $id, input: { repositoryUrl: "https://github.com/acme/graph", description: "Changed" }) { description repositoryUrl name } }`,
      { id: project.id },
      user.token,
    );
    expect(updated.data.updateProject).toEqual({ description: 'Changed', repositoryUrl: 'https://github.com/acme/graph', name: 'Graph Project' });
    const cleared = await app.graphql(`mutation ($id: ID!) { updateProject(id: $id, input: { repositoryUrl: null }) { repositoryUrl description } }`, { id: project.id }, user.token);
    expect(cleared.data.updateProject).toEqual({ repositoryUrl: null, description: 'Changed' });

    const status = await app.graphql(`mutation ($id: ID!) { setProjectStatus(id: $id, status: inactive) { status } }`, { id: project.id }, user.token);
    expect(status.data.setProjectStatus).toEqual({ status: 'inactive' });

    const read = await app.graphql(`query ($id: ID!) { project(id: $id) { name status template { name } } }`, { id: project.id }, user.token);
    expect(read.data.project).toEqual({ name: 'Graph Project', status: 'inactive', template: { name: 'go-api' } });

    expect((await app.graphql(`mutation ($id: ID!) { deleteProject(id: $id) }`, { id: project.id }, user.token)).data).toEqual({ deleteProject: true });
    await eventually(async () => (await app.graphql(`query ($id: ID!) { project(id: $id) { id } }`, { id: project.id }, user.token)).errors?.[0].extensions?.code === 'NOT_FOUND');
  });

  it('lists with no filter at all using the defaults', async () => {
    await createProject(user, { name: 'Listed One' });
    const res = await app.graphql('{ projects { page limit total totalPages projects { name } } }', {}, user.token);
    expect(res.data.projects).toEqual({ page: 1, limit: 12, total: 1, totalPages: 1, projects: [{ name: 'Listed One' }] });
  });

  it('refuses a rename to a taken name with CONFLICT and bad input with BAD_USER_INPUT', async () => {
    const a = await createProject(user, { name: 'Name A' });
    await createProject(user, { name: 'Name B' });
    const taken = await app.graphql(`mutation ($id: ID!) { updateProject(id: $id, input: { name: "name b" }) { id } }`, { id: a.id }, user.token);
    expect(taken.errors?.[0]).toMatchObject({ message: 'A project named "name b" already exists', extensions: { code: 'CONFLICT' } });
    const bad = await app.graphql(`mutation ($id: ID!) { updateProject(id: $id, input: { name: "no!" }) { id } }`, { id: a.id }, user.token);
    expect(bad.errors?.[0]).toMatchObject({
      message: 'Project name can only contain letters, numbers, spaces, hyphens, and underscores',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('projects on embedded PostgreSQL', () => {
  it('creates, filters by owner tag and search, and counts the same way', async () => {
    const embedded = await startTestApp({ embedded: true });
    try {
      const user = await registerUser(embedded);
      await embedded.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: user.token, body: { value: 'acme' } });
      for (const [name, tags] of [['Alpha One', ['api']], ['Beta Two', ['web']], ['Gamma One', ['api', 'web']]] as const) {
        const res = await embedded.api('POST', '/projects', { token: user.token, body: { name, tags, environment_variables: { API_KEY: 'k-123456' } } });
        expect(res.status).toBe(201);
      }
      const res = await embedded.api('GET', '/projects?tags=api&search=one&sort_by=name&sort_order=desc', { token: user.token });
      expect(res.body).toMatchObject({ total: 2, total_pages: 1, page: 1 });
      expect(res.body.projects.map((p: ProjectJson) => p.name)).toEqual(['Gamma One', 'Alpha One']);
      expect((await embedded.api('GET', '/projects/stats', { token: user.token })).body).toEqual({ total: 3, active: 3, inactive: 0, tags: 2 });
    } finally {
      await embedded.stop();
    }
  }, 60_000);
});
