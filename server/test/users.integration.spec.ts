import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
let admin: Awaited<ReturnType<typeof registerUser>>;
let manager: Awaited<ReturnType<typeof registerUser>>;
let user: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  app = await startTestApp();
  admin = await registerUser(app);
  manager = await registerUser(app);
  user = await registerUser(app);
  other = await registerUser(app);
  const promoted = await app.api('PUT', `/users/${manager.user.id}`, { token: admin.token, body: { role: 'manager' } });
  expect(promoted.body.role).toBe('manager');
});
afterAll(() => app.stop());

describe('who may list and manage users', () => {
  it('lets managers and admins list users, and refuses plain users with 403', async () => {
    for (const actor of [admin, manager]) {
      const res = await app.api('GET', '/users', { token: actor.token });
      expect(res.status).toBe(200);
      expect(res.body.users.map((u: { email: string }) => u.email)).toEqual(
        expect.arrayContaining([admin.email, manager.email, user.email]),
      );
    }
    expect(await app.api('GET', '/users', { token: user.token })).toEqual(refusal(403, 'You do not have permission to manage users'));
    expect((await app.graphql('{ users { id } }', {}, user.token)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('lets a user read and edit only themselves', async () => {
    expect((await app.api('GET', `/users/${user.user.id}`, { token: user.token })).body.email).toBe(user.email);
    expect((await app.api('GET', `/users/${other.user.id}`, { token: user.token })).status).toBe(403);

    const renamed = await app.api('PUT', `/users/${user.user.id}`, { token: user.token, body: { name: 'Renamed' } });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Renamed' } });
    expect((await app.api('PUT', `/users/${other.user.id}`, { token: user.token, body: { name: 'Hijack' } })).status).toBe(403);
    expect((await app.api('GET', `/users/${other.user.id}`, { token: admin.token })).body.name).not.toBe('Hijack');
  });

  it('keeps role changes for admins', async () => {
    const selfPromotion = await app.api('PUT', `/users/${user.user.id}`, { token: user.token, body: { role: 'admin' } });
    expect(selfPromotion).toEqual(refusal(403, 'Only an admin can change roles'));
    const byManager = await app.graphql(
      `mutation ($id: ID!) { updateUser(id: $id, input: { role: manager }) { role } }`,
      { id: other.user.id },
      manager.token,
    );
    expect(byManager.errors?.[0]).toMatchObject({ message: 'Only an admin can change roles', extensions: { code: 'FORBIDDEN' } });
    expect((await app.api('GET', `/users/${user.user.id}`, { token: user.token })).body.role).toBe('user');
  });

  it('lets managers create plain users but only admins create managers', async () => {
    const created = await app.api('POST', '/users', { token: manager.token, body: newAccount() });
    expect(created).toMatchObject({ status: 201, body: { role: 'user' } });
    const elevated = await app.api('POST', '/users', { token: manager.token, body: newAccount({ role: 'admin' }) });
    expect(elevated).toEqual(refusal(403, 'Only an admin can assign roles'));
    const byAdmin = await app.graphql(
      `mutation ($input: CreateUserInput!) { createUser(input: $input) { role } }`,
      { input: newAccount({ role: 'manager' }) },
      admin.token,
    );
    expect(byAdmin.data).toEqual({ createUser: { role: 'manager' } });
    expect((await app.api('POST', '/users', { token: user.token, body: newAccount() })).status).toBe(403);
    expect((await app.api('POST', '/users', { token: admin.token, body: newAccount({ role: 'root' }) })).body).toEqual({
      error: 'Role must be one of user, manager, admin',
      code: 'BAD_USER_INPUT',
      field: 'role',
    });
  });

  it('deletes users for managers, never a higher role, and answers unknown ids with 404', async () => {
    const victim = await registerUser(app);
    expect((await app.api('DELETE', `/users/${victim.user.id}`, { token: user.token })).status).toBe(403);
    expect((await app.api('DELETE', `/users/${admin.user.id}`, { token: manager.token })).body).toEqual({
      error: 'You cannot manage a user with a higher role',
      code: 'FORBIDDEN',
    });
    expect((await app.api('DELETE', `/users/${victim.user.id}`, { token: manager.token })).status).toBe(204);
    expect((await app.api('GET', `/users/${victim.user.id}`, { token: admin.token })).status).toBe(404);
    // The deleted user's token stops working with the account.
    expect((await app.api('GET', '/users/me', { token: victim.token })).status).toBe(401);
    expect((await app.api('GET', '/users/not-a-uuid', { token: admin.token })).status).toBe(404);
    expect((await app.api('DELETE', `/users/${admin.user.id}`, { token: admin.token })).body).toEqual({
      error: 'You cannot delete your own account',
      code: 'FORBIDDEN',
    });
  });

  it('refuses to take an email already in use when editing', async () => {
    const res = await app.api('PUT', `/users/${user.user.id}`, { token: user.token, body: { email: other.email } });
    expect(res).toEqual(refusal(409, 'Email is already registered', 'email'));
  });
});
