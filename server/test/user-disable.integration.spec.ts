import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSubscribedSocket } from './helpers/subscribed-socket.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 34, users screen: a manager or admin disables an account. It cannot sign in ("This account is disabled"),
 * its sessions, personal access tokens and open sockets stop at once, and it can be enabled again. Real HTTP,
 * WebSocket and PostgreSQL.
 */
let app: TestApp;
let admin: Awaited<ReturnType<typeof registerUser>>;
let manager: Awaited<ReturnType<typeof registerUser>>;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function login(email: string, password: string) {
  return app.api('POST', '/auth/login', { body: { email, password } });
}

beforeAll(async () => {
  app = await startTestApp();
  admin = await registerUser(app);
  expect(admin.user.role).toBe('admin');
  manager = await registerUser(app);
  expect((await app.api('PUT', `/users/${manager.user.id}`, { token: admin.token, body: { role: 'manager' } })).status).toBe(200);
});
afterAll(() => app.stop());

describe('disabling a user', () => {
  it('refuses sign-in with a clear message and stops sessions, tokens and sockets at once; enabling lets them back', async () => {
    const user = await registerUser(app);
    const pat = await app.api('POST', '/tokens', { token: user.token, body: { name: 'ci', expires_at: inDays(30), scopes: ['read'] } });
    expect(pat.status).toBe(201);
    expect((await app.api('GET', '/projects', { token: pat.body.token })).status).toBe(200);
    const sessionSocket = await openSubscribedSocket(app.url, user.token);
    const tokenSocket = await openSubscribedSocket(app.url, pat.body.token);

    const asked = Date.now();
    const disabled = await app.api('POST', `/users/${user.user.id}/disable`, { token: manager.token });
    expect(disabled.status).toBe(200);
    // Disabled by this request, however long it took.
    expect(Date.parse(disabled.body.disabled_at)).toBeGreaterThanOrEqual(asked);
    expect(Date.parse(disabled.body.disabled_at)).toBeLessThanOrEqual(Date.now());

    expect(await app.api('GET', '/projects', { token: user.token })).toEqual(refusal(401, 'Authentication required'));
    expect(await app.api('GET', '/projects', { token: pat.body.token })).toEqual(refusal(401, 'Authentication required'));
    expect((await app.graphql('{ me { id } }', {}, pat.body.token)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await sessionSocket.closed).code).toBe(4403);
    expect((await tokenSocket.closed).code).toBe(4403);
    expect(await login(user.email, user.password)).toEqual(refusal(403, 'This account is disabled'));
    // Someone without the password learns nothing about the account.
    expect(await login(user.email, 'not-the-password')).toEqual(refusal(401, 'Invalid email or password'));

    const listed = await app.graphql('{ users { id disabledAt } }', {}, admin.token);
    expect(listed.data.users.find((u: { id: string }) => u.id === user.user.id).disabledAt).not.toBeNull();

    const enabled = await app.graphql('mutation ($id: ID!) { setUserDisabled(id: $id, disabled: false) { id disabledAt } }', { id: user.user.id }, manager.token);
    expect(enabled.data.setUserDisabled).toEqual({ id: user.user.id, disabledAt: null });
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await app.api('GET', '/projects', { token: pat.body.token })).status).toBe(200);
    // A session ended by disabling stays ended.
    expect((await app.api('GET', '/projects', { token: user.token })).status).toBe(401);
  });

  it('disables over GraphQL with the same rules: manager or above, not oneself, not a higher role', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const mutation = 'mutation ($id: ID!) { setUserDisabled(id: $id, disabled: true) { id disabledAt } }';
    const byUser = await app.graphql(mutation, { id: other.user.id }, user.token);
    expect(byUser.errors?.[0]).toMatchObject({ message: 'You do not have permission to manage users', extensions: { code: 'FORBIDDEN' } });
    expect(await app.api('POST', `/users/${admin.user.id}/disable`, { token: manager.token })).toEqual(refusal(403, 'You cannot manage a user with a higher role'));
    expect(await app.api('POST', `/users/${admin.user.id}/disable`, { token: admin.token })).toEqual(refusal(403, 'You cannot disable or enable your own account'));
    expect(await app.api('POST', '/users/00000000-0000-4000-8000-000000000000/disable', { token: admin.token })).toEqual(refusal(404, 'User not found'));
    expect(await app.api('POST', '/users/not-a-uuid/enable', { token: admin.token })).toEqual(refusal(404, 'User not found'));
    expect((await app.api('GET', '/projects', { token: other.token })).status).toBe(200);

    // A disabled admin does not count: the only enabled admin keeps the role.
    const second = await registerUser(app);
    expect((await app.api('PUT', `/users/${second.user.id}`, { token: admin.token, body: { role: 'admin' } })).status).toBe(200);
    expect((await app.api('POST', `/users/${second.user.id}/disable`, { token: admin.token })).status).toBe(200);
    expect(await app.api('PUT', `/users/${admin.user.id}`, { token: admin.token, body: { role: 'manager' } })).toEqual(
      refusal(409, 'The only admin cannot remove their own admin role or account'),
    );

    const done = await app.graphql(mutation, { id: other.user.id }, admin.token);
    expect(done.data.setUserDisabled.disabledAt).not.toBeNull();
    expect((await app.api('GET', '/projects', { token: other.token })).status).toBe(401);
  });
});
