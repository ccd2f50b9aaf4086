import { authOf, clientAddress } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute } from '../../http/rest-routes.js';
import { toUserResponse } from '../users/user.entity.js';
import type { AuthResult, AuthService } from './auth.service.js';

const TAG = 'Auth';

const toAuthResponse = ({ token, user }: AuthResult) => ({ token, user: toUserResponse(user) });
const AUTH = s.object({ token: s.string('Send it as `Authorization: Bearer <token>`.'), user: s.ref('User') });
const tooMany = { 429: { description: 'Too many attempts from this address; Retry-After says when to try again.', schema: s.ref('Error') } };

export function authRoutes(auth: AuthService): RestRoute[] {
  return [
    {
      method: 'post',
      path: '/auth/register',
      tag: TAG,
      auth: false,
      summary: 'Create an account and sign in',
      body: {
        type: 'object',
        properties: { name: s.string('1 to 100 characters.'), email: s.string(), password: s.string('6 to 200 characters.'), password_confirmation: s.string() },
        required: ['name', 'email', 'password', 'password_confirmation'],
      },
      responses: { 201: { description: 'Signed in.', schema: AUTH }, 409: { description: 'The email is taken.', schema: s.ref('Error') }, ...tooMany },
      handler: async (req, res) => {
        res.status(201).json(toAuthResponse(await auth.register(req.body as Record<string, unknown>, clientAddress(req))));
      },
    },
    {
      method: 'post',
      path: '/auth/login',
      tag: TAG,
      auth: false,
      summary: 'Sign in',
      body: { type: 'object', properties: { email: s.string(), password: s.string() }, required: ['email', 'password'] },
      responses: { 200: { description: 'Signed in.', schema: AUTH }, ...tooMany },
      handler: async (req, res) => {
        res.json(toAuthResponse(await auth.login(req.body as Record<string, unknown>, clientAddress(req))));
      },
    },
    {
      method: 'post',
      path: '/users/logout',
      tag: TAG,
      summary: 'Sign out (ends this token)',
      responses: { 200: { description: 'Signed out.', schema: s.message('Logged out') } },
      handler: async (req, res) => {
        await auth.logout(authOf(req));
        res.json({ message: 'Logged out' });
      },
    },
    {
      method: 'get',
      path: '/users/me',
      tag: TAG,
      summary: 'The signed-in user',
      responses: { 200: { description: 'You.', schema: s.ref('User') } },
      handler: (req, res) => {
        res.json(toUserResponse(authOf(req).user));
      },
    },
  ];
}
