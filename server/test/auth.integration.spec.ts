import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const REGISTER = `mutation Register($input: RegisterInput!) { register(input: $input) { token user { id email role } } }`;
const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { token user { id name email role } } }`;

describe('registration', () => {
  it('makes the first account admin and later ones user, returning a token and the user', async () => {
    const first = await app.api('POST', '/auth/register', { body: newAccount({ name: 'First' }) });
    expect(first.status).toBe(201);
    expect(first.body.user).toMatchObject({ name: 'First', role: 'admin' });
    expect(first.body.token).toEqual(expect.any(String));
    expect(first.body.user).not.toHaveProperty('password_hash');

    const second = await app.graphql(REGISTER, { input: newAccount() });
    expect(second.data.register.user.role).toBe('user');
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing name', { name: '' }, 'Name is required', 'name'],
    ['missing email', { email: '' }, 'Email is required', 'email'],
    ['malformed email', { email: 'not-an-email' }, 'Invalid email address', 'email'],
    ['missing password', { password: '' }, 'Password is required', 'password'],
    ['short password', { password: '12345' }, 'Password must be at least 6 characters', 'password'],
    ['mismatched confirmation', { confirmPassword: 'other1' }, 'Passwords do not match', 'confirmPassword'],
    ['email of the wrong type', { email: 42 }, 'Email must be a string', 'email'],
  ];

  it.each(invalid)('rejects %s over REST with 400, the spec message and the field', async (_case, overrides, message, field) => {
    const res = await app.api('POST', '/auth/register', { body: newAccount(overrides) });
    expect(res).toEqual(refusal(400, message, field));
  });

  it.each(invalid.filter(([name]) => !name.includes('confirmation') && !name.includes('type')))(
    'rejects %s over GraphQL with BAD_USER_INPUT and the spec message',
    async (_case, overrides, message) => {
      const res = await app.graphql(REGISTER, { input: newAccount(overrides) });
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    },
  );

  it('refuses a duplicate email, whatever its case, with 409', async () => {
    const account = newAccount();
    await app.api('POST', '/auth/register', { body: account });
    const res = await app.api('POST', '/auth/register', { body: { ...account, email: account.email.toUpperCase() } });
    expect(res).toEqual(refusal(409, 'Email is already registered', 'email'));
    const gql = await app.graphql(REGISTER, { input: account });
    expect(gql.errors?.[0].extensions?.code).toBe('CONFLICT');
  });
});

describe('sign in, current user and sign out', () => {
  it('signs in over both APIs, answers /users/me and stops the token working after logout', async () => {
    const { email, password, name } = await registerUser(app);
    const rest = await app.api('POST', '/auth/login', { body: { email, password } });
    expect(rest.status).toBe(200);
    expect(rest.body.user).toMatchObject({ email, name });

    const gql = await app.graphql(LOGIN, { input: { email, password } });
    const token = gql.data.login.token as string;
    expect((await app.api('GET', '/users/me', { token })).body).toMatchObject({ email, name });
    expect((await app.graphql('{ me { email } }', {}, token)).data).toEqual({ me: { email } });

    expect((await app.graphql('mutation { logout }', {}, token)).data).toEqual({ logout: true });
    expect(await app.api('GET', '/users/me', { token })).toEqual(refusal(401, 'Authentication required'));
    expect((await app.graphql('{ me { email } }', {}, token)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    // The REST session is independent of the GraphQL one and is revoked by the REST logout.
    const restToken = rest.body.token as string;
    expect((await app.api('POST', '/users/logout', { token: restToken })).status).toBe(200);
    expect((await app.api('GET', '/users/me', { token: restToken })).status).toBe(401);
  });

  it('answers a wrong password with 401 and no hint which part was wrong', async () => {
    const { email } = await registerUser(app);
    const wrongPassword = await app.api('POST', '/auth/login', { body: { email, password: 'wrong-password' } });
    const unknownEmail = await app.api('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'secret1' } });
    expect(wrongPassword).toEqual(refusal(401, 'Invalid email or password'));
    expect(unknownEmail).toEqual(wrongPassword);
  });

  it('rejects tampered, foreign and missing tokens', async () => {
    const { token } = await registerUser(app);
    const tampered = `${token.slice(0, -2)}xx`;
    for (const bad of [tampered, 'not-a-token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
      expect((await app.api('GET', '/users/me', { token: bad })).status).toBe(401);
    }
    expect((await app.api('GET', '/users/me')).status).toBe(401);
  });

  it('throttles repeated failures per account and address with 429 and a clear message, even for the right password', async () => {
    const { email, password } = await registerUser(app);
    for (let i = 0; i < 5; i += 1) {
      expect((await app.api('POST', '/auth/login', { body: { email, password: 'wrong-pass' } })).status).toBe(401);
    }
    const blocked = await app.api('POST', '/auth/login', { body: { email, password } });
    expect(blocked).toEqual(refusal(429, 'Too many failed sign-in attempts from your address. Try again in 1 minute.'));
    const gql = await app.graphql(LOGIN, { input: { email, password } });
    expect(gql.errors?.[0].extensions?.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('bad requests never reach a 500', () => {
  it('answers malformed JSON, wrong body types and oversized bodies with a 4xx JSON error', async () => {
    expect(await app.api('POST', '/auth/login', { raw: '{"email": ' })).toEqual(refusal(400, 'Malformed JSON in request body'));
    expect(await app.api('POST', '/auth/login', { raw: '[1,2]' })).toEqual(refusal(400, 'Request body must be a JSON object'));
    expect(await app.api('POST', '/auth/login', { body: { email: ['a'], password: 1 } })).toEqual(refusal(400, 'Email must be a string', 'email'));
    const huge = await app.api('POST', '/auth/register', { body: { name: 'x'.repeat(200_000) } });
    expect(huge).toEqual(refusal(413, 'Request body is too large'));
  });

  it('answers unknown API routes with a JSON 404', async () => {
    expect(await app.api('GET', '/no-such-route')).toEqual(refusal(404, 'Not found'));
  });
});
