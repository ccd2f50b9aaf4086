import { createClient, type Client } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 34: a member's open subscriptions on a project stop delivering its data as soon as their membership no longer
 * allows it (removed), while those on their other projects go on; a lowered role that still reads keeps them.
 */
let app: TestApp;
type Account = Awaited<ReturnType<typeof registerUser>>;
let owner: Account;
const clients: Client[] = [];

interface Follow {
  actions: string[];
  errors: Array<{ message: string; extensions?: { code?: string } }>;
  completed: boolean;
}

async function project(name: string): Promise<string> {
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' })).overall_status).toBe('completed');
  return created.body.id;
}

async function share(projectId: string, member: Account, role: string): Promise<void> {
  const added = await app.api('POST', `/projects/${projectId}/members`, { token: owner.token, body: { email: member.email, role } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
}

const change = async (projectId: string, description: string) =>
  expect((await app.api('PUT', `/projects/${projectId}`, { token: owner.token, body: { description } })).status).toBe(200);

/** A graphql-ws client (the graphql-ws package's) signed in as `member`, following the project's audit entries. */
function follow(client: Client, projectId: string): Follow {
  const seen: Follow = { actions: [], errors: [], completed: false };
  client.subscribe<{ auditAppended: { action: string } }>(
    { query: 'subscription ($id: ID) { auditAppended(projectId: $id) { action } }', variables: { id: projectId } },
    {
      next: (result) => {
        if (result.data?.auditAppended) seen.actions.push(result.data.auditAppended.action);
        if (result.errors) seen.errors.push(...(result.errors as Follow['errors']));
      },
      error: (error) => seen.errors.push({ message: String(error) }),
      complete: () => (seen.completed = true),
    },
  );
  return seen;
}

function clientOf(member: Account): Client {
  const client = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${member.token}` }, retryAttempts: 0 });
  clients.push(client);
  return client;
}

/** A subscription reads from the log's head when it starts: change the project until the first entry arrives. */
async function untilDelivering(projectId: string, seen: Follow): Promise<void> {
  let i = 0;
  await expect.poll(async () => {
    if (!seen.actions.length) await change(projectId, `warm-up ${(i += 1)}`);
    return seen.actions.length;
  }).toBeGreaterThan(0);
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
}, 120_000);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});
afterAll(() => app?.stop());

describe("a member's open subscriptions", () => {
  it('end with "Project not found" when they are removed, while their other projects go on', async () => {
    const [removedFrom, keeps] = [await project('Removed from'), await project('Still shared')];
    const member = await registerUser(app);
    await share(removedFrom, member, 'developer');
    await share(keeps, member, 'viewer');
    const client = clientOf(member);
    const [onRemoved, onKept] = [follow(client, removedFrom), follow(client, keeps)];
    await untilDelivering(removedFrom, onRemoved);
    await untilDelivering(keeps, onKept);

    expect((await app.api('DELETE', `/projects/${removedFrom}/members/${member.user.id}`, { token: owner.token })).status).toBe(204);
    await expect.poll(() => onRemoved.completed).toBe(true);
    expect(onRemoved.errors.map((error) => [error.message, error.extensions?.code])).toEqual([['Project not found', 'NOT_FOUND']]);

    // Nothing more of that project reaches them; the other project's entries still do, on the same socket.
    const delivered = onRemoved.actions.length;
    await change(removedFrom, 'after the removal');
    const before = onKept.actions.length;
    await change(keeps, 'still shared');
    await expect.poll(() => onKept.actions.length).toBeGreaterThan(before);
    expect(onKept.completed).toBe(false);
    expect(onRemoved.actions.length).toBe(delivered);
    // A new subscription is refused as for anyone who is not a member.
    const again = follow(client, removedFrom);
    await expect.poll(() => again.errors.map((error) => error.extensions?.code)).toEqual(['NOT_FOUND']);
  });

  it('go on when their role is lowered to one that still reads the project', async () => {
    const shared = await project('Lowered');
    const member = await registerUser(app);
    await share(shared, member, 'maintainer');
    const seen = follow(clientOf(member), shared);
    await untilDelivering(shared, seen);

    const lowered = await app.api('PUT', `/projects/${shared}/members/${member.user.id}`, { token: owner.token, body: { role: 'viewer' } });
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(200);
    const before = seen.actions.length;
    await change(shared, 'seen by a viewer');
    // The role change itself is an entry of the project too: both arrive.
    await expect.poll(() => seen.actions.slice(before)).toContain('project.update');
    expect(seen.errors).toEqual([]);
    expect(seen.completed).toBe(false);
  });
});
