import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 31, items 18 to 20: sign-in throttling per account and address, password resets by admins only (the user
 * signed out everywhere and told), and the current password for changing one's own. Real HTTP and PostgreSQL; the
 * app trusts X-Forwarded-For from loopback, so each request names the client address it comes from.
 */
let app: TestApp;
let admin: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
  admin = await registerUser(app);
});
afterAll(() => app.stop());

async function login(email: string, password: string, address: string) {
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, retryAfter: Number(res.headers.get('retry-after')), body: await res.json() };
}

/** Moves every recorded failure of the account `seconds` into the past: the backoff is measured from the latest. */
async function age(email: string, seconds: number) {
  await app.slipway.dataSource.query(`UPDATE login_failures SET created_at = created_at - make_interval(secs => $2) WHERE key LIKE $1`, [
    `login:${email} %`,
    seconds,
  ]);
}

describe('sign-in throttling (item 18)', () => {
  it('locks out the address that guessed, not the owner signing in from another address', async () => {
    const owner = await registerUser(app);
    for (let i = 0; i < 5; i += 1) expect((await login(owner.email, 'wrong-guess', '203.0.113.10')).status).toBe(401);
    expect((await login(owner.email, owner.password, '198.51.100.20')).status).toBe(200);
    const attacker = await login(owner.email, owner.password, '203.0.113.10');
    expect(attacker.status).toBe(429);
    expect(attacker.body).toEqual({ error: 'Too many failed sign-in attempts from your address. Try again in 1 minute.', code: 'TOO_MANY_REQUESTS' });
    expect(attacker.retryAfter).toBeGreaterThan(0);
    expect(attacker.retryAfter).toBeLessThanOrEqual(60);
  });

  it('backs off: each failure after the lock doubles it, up to 15 minutes; the right password then signs in', async () => {
    const owner = await registerUser(app);
    const address = '203.0.113.11';
    for (let i = 0; i < 5; i += 1) await login(owner.email, 'wrong-guess', address);
    await age(owner.email, 61);
    expect((await login(owner.email, 'wrong-again', address)).status).toBe(401);
    const second = await login(owner.email, 'wrong-again', address);
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBeGreaterThan(60);
    expect(second.retryAfter).toBeLessThanOrEqual(120);
    expect(second.body.error).toBe('Too many failed sign-in attempts from your address. Try again in 2 minutes.');
    for (let lock = 2; lock <= 5; lock += 1) {
      await age(owner.email, 2 ** (lock - 1) * 60 + 1);
      expect((await login(owner.email, 'wrong-again', address)).status).toBe(401);
    }
    const longest = await login(owner.email, 'wrong-again', address);
    expect(longest.retryAfter).toBeGreaterThan(14 * 60);
    expect(longest.retryAfter).toBeLessThanOrEqual(15 * 60);
    await age(owner.email, 15 * 60 + 1);
    expect((await login(owner.email, owner.password, address)).status).toBe(200);
  });

  it('does not lock other accounts out of an address that failed many times', async () => {
    const victims = await Promise.all(Array.from({ length: 11 }, () => registerUser(app)));
    for (const victim of victims) {
      for (let i = 0; i < 5; i += 1) expect((await login(victim.email, 'wrong-guess', '203.0.113.12')).status).toBe(401);
    }
    const colleague = await registerUser(app);
    expect((await login(colleague.email, colleague.password, '203.0.113.12')).status).toBe(200);
  });

  it('lets at most 5 of 40 parallel guesses for one account from one address reach the password check', async () => {
    const owner = await registerUser(app);
    const attempts = await Promise.all(Array.from({ length: 40 }, () => login(owner.email, 'wrong-guess', '203.0.113.13')));
    const checked = attempts.filter((res) => res.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + attempts.filter((res) => res.status === 429).length).toBe(40);
  });
});

describe('password resets (item 19)', () => {
  it('refuses a manager setting another user’s password', async () => {
    const manager = await registerUser(app);
    await app.api('PUT', `/users/${manager.user.id}`, { token: admin.token, body: { role: 'manager' } });
    const target = await registerUser(app);
    const res = await app.api('PUT', `/users/${target.user.id}`, { token: manager.token, body: { password: 'taken-over' } });
    expect(res).toEqual(refusal(403, "Only an admin can reset another user's password"));
    const viaGraphql = await app.graphql(`mutation ($id: ID!) { updateUser(id: $id, input: { password: "taken-over" }) { id } }`, { id: target.user.id }, manager.token);
    expect(viaGraphql.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await login(target.email, 'taken-over', '192.0.2.30')).status).toBe(401);
    expect((await login(target.email, target.password, '192.0.2.30')).status).toBe(200);
  });

  it("lets an admin reset it: the user is signed out everywhere and told at their next sign-in, until they choose their own", async () => {
    const target = await registerUser(app);
    const second = (await login(target.email, target.password, '192.0.2.31')).body.token;
    expect((await app.api('GET', '/users/me', { token: target.token })).body.password_reset_at).toBeNull();

    const reset = await app.api('PUT', `/users/${target.user.id}`, { token: admin.token, body: { password: 'temporary-1' } });
    expect(reset.status).toBe(200);
    for (const token of [target.token, second]) expect((await app.api('GET', '/users/me', { token })).status).toBe(401);

    const signedIn = await login(target.email, 'temporary-1', '192.0.2.31');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.password_reset_at).toEqual(expect.any(String));
    const me = await app.graphql('{ me { passwordResetAt } }', {}, signedIn.body.token);
    expect(me.data.me.passwordResetAt).toBe(signedIn.body.user.password_reset_at);

    const chosen = await app.api('PUT', `/users/${target.user.id}`, {
      token: signedIn.body.token,
      body: { password: 'my-own-choice', current_password: 'temporary-1' },
    });
    expect(chosen.status).toBe(200);
    expect((await app.api('GET', '/users/me', { token: signedIn.body.token })).body.password_reset_at).toBeNull();
  });
});

describe('changing one’s own password (item 20)', () => {
  it('needs the current password, over REST and GraphQL', async () => {
    const account = await registerUser(app);
    const path = `/users/${account.user.id}`;
    expect(await app.api('PUT', path, { token: account.token, body: { password: 'new-secret' } })).toEqual(
      refusal(400, 'Current password is required to change your password', 'currentPassword'),
    );
    expect(await app.api('PUT', path, { token: account.token, body: { password: 'new-secret', current_password: 'not-it' } })).toEqual(
      refusal(400, 'Current password is incorrect', 'currentPassword'),
    );
    const withoutGraphql = await app.graphql(`mutation ($id: ID!) { updateUser(id: $id, input: { password: "new-secret" }) { id } }`, { id: account.user.id }, account.token);
    expect(withoutGraphql.errors?.[0]).toMatchObject({ message: 'Current password is required to change your password', extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' } });
    expect((await login(account.email, 'new-secret', '192.0.2.40')).status).toBe(401);

    const changed = await app.graphql(
      `mutation ($id: ID!, $current: String!) { updateUser(id: $id, input: { password: "new-secret", currentPassword: $current }) { id } }`,
      { id: account.user.id, current: account.password },
      account.token,
    );
    expect(changed.errors).toBeUndefined();
    expect((await login(account.email, 'new-secret', '192.0.2.40')).status).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins, so a stolen token cannot guess it', async () => {
    const account = await registerUser(app);
    const path = `/users/${account.user.id}`;
    const tries = [];
    for (let i = 0; i < 6; i += 1) {
      tries.push((await app.api('PUT', path, { token: account.token, body: { password: 'new-secret', current_password: `guess-${i}` } })).status);
    }
    expect(tries).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await app.api('PUT', path, { token: account.token, body: { password: 'new-secret', current_password: account.password } })).status).toBe(429);
  });
});
