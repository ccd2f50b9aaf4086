import { authOf, clientAddress } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import type { UsersService } from './users.service.js';
import { toUserResponse } from './user.entity.js';

const TAG = 'Users';

export const userSchemas: SchemaComponents = {
  User: s.object({
    id: s.uuid(),
    name: s.string(),
    email: s.string(),
    role: s.enum(['user', 'manager', 'admin']),
    created_at: s.dateTime(),
    password_reset_at: s.nullable(s.dateTime('When an admin last reset the password; null once the user has chosen their own.')),
    disabled_at: s.nullable(s.dateTime('When a manager or admin disabled the account; null while enabled.')),
  }),
};

const ACCOUNT_FIELDS = {
  name: s.string('1 to 100 characters.'),
  email: s.string('At most 254 characters.'),
  password: s.string('6 to 200 characters.'),
  password_confirmation: s.string('The same password again.'),
  role: s.enum(['user', 'manager', 'admin'], 'Admins only (managers may give user).'),
};

const user = (description: string) => ({ description, schema: s.ref('User') });
const params = { id: s.uuid('The user id.') };

/** Spec section 7's user calls: admins manage every account, a user only their own. */
export function usersRoutes(service: UsersService): RestRoute[] {
  return [
    {
      method: 'get',
      path: '/users',
      tag: TAG,
      summary: 'List users (admins see all, a user only themselves)',
      responses: { 200: { description: 'The users.', schema: s.object({ users: s.array(s.ref('User')) }) } },
      handler: async (req, res) => {
        const users = await service.list(authOf(req).user);
        res.json({ users: users.map(toUserResponse) });
      },
    },
    {
      method: 'post',
      path: '/users',
      tag: TAG,
      summary: 'Create a user (admins only)',
      body: { type: 'object', properties: ACCOUNT_FIELDS, required: ['name', 'email', 'password'] },
      responses: { 201: user('The new user.'), 403: { description: 'Not an admin.', schema: s.ref('Error') }, 409: { description: 'The email is taken.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        res.status(201).json(toUserResponse(await service.create(authOf(req).user, req.body as Record<string, unknown>)));
      },
    },
    {
      method: 'get',
      path: '/users/{id}',
      tag: TAG,
      summary: 'One user',
      params,
      responses: { 200: user('The user.') },
      handler: async (req, res) => {
        res.json(toUserResponse(await service.get(authOf(req).user, String(req.params.id))));
      },
    },
    {
      method: 'put',
      path: '/users/{id}',
      tag: TAG,
      summary: 'Update a user',
      description:
        "Your own password changes with `current_password`; only an admin resets another user's, which signs them out everywhere and sets their `password_reset_at`. A password change ends the user's other sessions.",
      params,
      body: { type: 'object', properties: { ...ACCOUNT_FIELDS, current_password: s.string('Needed to change your own password.') } },
      responses: {
        200: user('The updated user.'),
        403: { description: "Not allowed (another user's password: admins only).", schema: s.ref('Error') },
        409: { description: 'The email is taken.', schema: s.ref('Error') },
      },
      handler: async (req, res) => {
        const { user: signedIn, sessionId } = authOf(req);
        const body = req.body as Record<string, unknown>;
        const updated = await service.update(signedIn, String(req.params.id), { ...body, currentPassword: body.current_password }, { sessionId, clientAddress: clientAddress(req) });
        res.json(toUserResponse(updated));
      },
    },
    ...(['disable', 'enable'] as const).map(
      (action): RestRoute => ({
        method: 'post',
        path: `/users/{id}/${action}`,
        tag: TAG,
        summary: action === 'disable' ? 'Disable a user (manager or above)' : 'Enable a disabled user again (manager or above)',
        description:
          action === 'disable'
            ? 'The user cannot sign in ("This account is disabled"); their sessions end and their personal access tokens stop at once, open sockets included. Not your own account, not one with a higher role.'
            : 'The user can sign in again and their unrevoked, unexpired tokens work again.',
        params,
        responses: { 200: user('The user.'), 403: { description: 'Not allowed.', schema: s.ref('Error') }, 404: { description: 'No such user.', schema: s.ref('Error') } },
        handler: async (req, res) => {
          res.json(toUserResponse(await service.setDisabled(authOf(req).user, String(req.params.id), action === 'disable')));
        },
      }),
    ),
    {
      method: 'delete',
      path: '/users/{id}',
      tag: TAG,
      summary: 'Delete a user (admins only)',
      params,
      responses: { 204: { description: 'Deleted.' }, 403: { description: 'Not allowed.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        await service.remove(authOf(req).user, String(req.params.id));
        res.status(204).end();
      },
    },
  ];
}
