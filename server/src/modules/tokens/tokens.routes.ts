import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import { toAccessTokenResponse } from './access-token.entity.js';
import { TOKEN_SCOPES } from './token-scope.js';
import { MAX_TOKEN_DAYS, type AccessTokensService } from './tokens.service.js';

const TAG = 'Tokens';

export const tokenSchemas: SchemaComponents = {
  AccessToken: s.object({
    id: s.uuid(),
    user_id: s.uuid(),
    name: s.string(),
    token_prefix: s.string('The first characters of the secret, to recognise it.'),
    scopes: s.array(s.enum(TOKEN_SCOPES)),
    project_ids: s.nullable(s.array(s.uuid(), 'The only projects it reaches; null for all.')),
    created_at: s.dateTime(),
    expires_at: s.dateTime(),
    last_used_at: s.nullable(s.dateTime('Last use, to the minute.')),
    revoked_at: s.nullable(s.dateTime()),
    status: s.enum(['active', 'expired', 'revoked']),
  }),
};

const tokenList = { description: 'The tokens, newest first.', schema: s.object({ tokens: s.array(s.ref('AccessToken')) }) };

/** Personal access tokens: create (the secret answered once), list, revoke; admins see and revoke anyone's. */
export function tokensRoutes(service: AccessTokensService): RestRoute[] {
  return [
    {
      method: 'get',
      path: '/tokens',
      tag: TAG,
      summary: 'Your personal access tokens',
      responses: { 200: tokenList },
      handler: async (req, res) => {
        res.json({ tokens: (await service.list(authOf(req))).map(toAccessTokenResponse) });
      },
    },
    {
      method: 'post',
      path: '/tokens',
      tag: TAG,
      summary: 'Create a personal access token',
      description: `The secret (\`slw_…\`) is in this answer only; Slipway keeps its SHA-256. Needs a signed-in session (a token cannot create tokens). \`expires_at\` at most ${MAX_TOKEN_DAYS} days away; \`admin\` scope for managers and admins.`,
      body: s.body(
        {
          name: s.string('1 to 100 characters.'),
          expires_at: s.string('When it stops working (ISO 8601).'),
          scopes: s.array(s.string(), `Among ${TOKEN_SCOPES.join(', ')}.`),
          project_ids: s.array(s.string(), 'Limit it to these projects; omit for all.'),
        },
      ),
      responses: {
        201: { description: 'The token and its secret.', schema: s.object({ token: s.string('The secret: shown once.'), access_token: s.ref('AccessToken') }) },
        403: { description: 'Asked with a token, or the admin scope without the role.', schema: s.ref('Error') },
      },
      handler: async (req, res) => {
        const body = req.body as Record<string, unknown>;
        const created = await service.create(authOf(req), { name: body.name, expiresAt: body.expires_at, scopes: body.scopes, projectIds: body.project_ids });
        res.status(201).json({ token: created.token, access_token: toAccessTokenResponse(created.accessToken) });
      },
    },
    {
      method: 'delete',
      path: '/tokens/{id}',
      tag: TAG,
      summary: "Revoke a token (yours; an admin's: anyone's)",
      params: { id: s.uuid('The token id.') },
      responses: { 200: { description: 'The revoked token.', schema: s.ref('AccessToken') }, 404: { description: 'No such token of yours.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        res.json(toAccessTokenResponse(await service.revoke(authOf(req), String(req.params.id))));
      },
    },
    {
      method: 'get',
      path: '/users/{id}/tokens',
      tag: TAG,
      summary: "A user's tokens (yours, or an admin: anyone's)",
      params: { id: s.uuid('The user id.') },
      responses: { 200: tokenList, 403: { description: 'Not an admin.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        res.json({ tokens: (await service.list(authOf(req), String(req.params.id))).map(toAccessTokenResponse) });
      },
    },
  ];
}
