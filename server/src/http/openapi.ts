import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { ErrorCode } from '../common/app-error.js';
import type { JsonSchema, RestRoute, SchemaComponents } from './rest-routes.js';
import { schema } from './json-schema.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** REST's error body (http/errors.ts): the message to show, its code, and the input it is about when there is one. */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every REST error: the message to show, a machine-readable code, and the input field it is about when there is one.',
  properties: {
    error: schema.string('The message, fit to show to the user.'),
    code: schema.enum(Object.values(ErrorCode), 'What kind of error it is.'),
    field: schema.string('The request field the error is about (snake_case, as sent).'),
  },
  required: ['error', 'code'],
  additionalProperties: false,
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: schema.ref('Error') } } });

/** The errors any route can answer, beside its own: documented once per route from what it declares. */
function sharedErrors(route: RestRoute) {
  const hasIdParam = /\{\w+\}/.test(route.path);
  return {
    ...(route.body || route.query ? { 400: errorResponse('Bad input: the message says which and why.') } : {}),
    ...(route.auth === false ? {} : { 401: errorResponse('No valid bearer token: sign in (POST /api/auth/login) or use a personal access token (`slw_…`), and send `Authorization: Bearer <token>`; a revoked or expired token is refused too.') }),
    ...(hasIdParam ? { 404: errorResponse('Not found, or not yours: a row of another user is not found either.') } : {}),
    default: errorResponse('Any other error, with its status (413 body too large, 429 too many attempts, 502 a cloud service could not be reached or failed, 500 unexpected).'),
  };
}

function operation(route: RestRoute) {
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: route.params?.[name] ?? schema.string(),
  }));
  const queryParams = Object.entries(route.query ?? {}).map(([name, paramSchema]) => ({ name, in: 'query', required: false, schema: paramSchema }));
  const responses = Object.fromEntries(
    Object.entries(route.responses).map(([status, response]) => [
      status,
      {
        description: response.description,
        ...(response.mediaType
          ? { content: { [response.mediaType]: { schema: { type: 'string', contentMediaType: response.mediaType } } } }
          : response.schema
            ? { content: { 'application/json': { schema: response.schema } } }
            : {}),
      },
    ]),
  );
  return {
    operationId: `${route.method}${route.path.replace(/\{(\w+)\}/g, 'By_$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(route.auth === false ? { security: [] } : {}),
    ...(pathParams.length + queryParams.length ? { parameters: [...pathParams, ...queryParams] } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses: { ...sharedErrors(route), ...responses },
  };
}

/** The OpenAPI 3.1 description of the REST routes, built from the same declarations that route and check them. */
export function openApiDocument(routes: RestRoute[], components: SchemaComponents, version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Slipway REST API',
      version,
      description:
        'The REST-compatible routes of Slipway (spec section 7). Field names are snake_case; ids are UUIDs; timestamps are ISO 8601 in UTC. ' +
        'Sign in with POST /auth/login and send the token as `Authorization: Bearer <token>`, or send a personal access token (`slw_…`, created under Settings → Access tokens or with POST /tokens) the same way: its scopes decide what it may call (a missing scope is 403, a project outside its projects 404). The GraphQL API at /api/graphql covers the same ground and more.',
    },
    servers: [{ url: '/api' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The token from POST /auth/login or /auth/register, or a personal access token (slw_…).' } },
      schemas: { Error: ERROR_SCHEMA, ...components },
    },
  };
}

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The page's own starter: same origin, no inline script (the CSP allows none). Swagger UI's markup is fixed through
 * its plugin system where axe finds fault with it: each route's summary button held a link (nested interactive
 * controls), its page had no landmarks but its own <main> and skipped from h1 to h3. "Try it out" sends the token
 * of the session signed in to Slipway in this browser (localStorage authToken), as the Authorize dialog would.
 */
const DOCS_SCRIPT = `window.addEventListener('load', () => {
  const accessibleMarkup = (system) => {
    const h = system.React.createElement;
    return {
      components: {
        // The route's path as text: the summary is a button, and the deep link inside it was a second control.
        OperationSummaryPath: ({ operationProps }) => {
          const { deprecated, path } = operationProps.toObject();
          const parts = path.split(/(?=\\/)/g).flatMap((part, index) => (index ? [h('wbr', { key: index }), part] : [part]));
          return h('span', { className: deprecated ? 'opblock-summary-path__deprecated' : 'opblock-summary-path', 'data-path': path }, h('span', null, ...parts));
        },
      },
      wrapComponents: {
        InfoContainer: (Original) => (props) => h('header', { role: 'banner' }, h(Original, props)),
        ServersContainer: (Original) => (props) => h('div', { role: 'region', 'aria-label': 'Server' }, h(Original, props)),
        // Its dialog's headings start at h3.
        AuthorizeBtnContainer: (Original) => (props) =>
          h('div', { role: 'region', 'aria-labelledby': 'slipway-authorization' }, h('h2', { id: 'slipway-authorization', className: 'slipway-visually-hidden' }, 'Authorization'), h(Original, props)),
        // The route groups are h3 under the API's h1.
        operations: (Original) => (props) => h('div', null, h('h2', { className: 'slipway-visually-hidden' }, 'Routes'), h(Original, props)),
      },
    };
  };
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#docs',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    plugins: [accessibleMarkup],
    onComplete: () => {
      let token = null;
      try {
        token = localStorage.getItem('authToken');
      } catch {
        // Storage is off: "Try it out" needs the Authorize dialog then.
      }
      if (token) window.ui.preauthorizeApiKey('bearer', token);
    },
  });
  // What Swagger UI leaves out for assistive technology: names for its pickers and its dialog's close button, a name
  // that starts with the visible text, keyboard access to scrolling examples and commands.
  const label = () => {
    document.querySelector('#servers:not([aria-label])')?.setAttribute('aria-label', 'Server');
    document.querySelector('.modal-ux .close-modal:not([aria-label])')?.setAttribute('aria-label', 'Close authorizations');
    for (const logout of document.querySelectorAll('button[aria-label="Remove authorization"]')) logout.setAttribute('aria-label', \`\${logout.textContent.trim()}: remove authorization\`);
    for (const select of document.querySelectorAll('tr[data-param-name] select:not([aria-label])')) {
      select.setAttribute('aria-label', select.closest('tr').dataset.paramName);
    }
    for (const example of document.querySelectorAll('.highlight-code > .microlight:not([tabindex]), .curl:not([tabindex])')) example.tabIndex = 0;
    // 'Authorized' follows the scheme's h4 as an h6: heard as the level after it.
    for (const status of document.querySelectorAll('.auth-container h6:not([aria-level])')) status.setAttribute('aria-level', '5');
  };
  new MutationObserver(label).observe(document.getElementById('docs'), { childList: true, subtree: true });
});
`;

/**
 * Swagger UI's own colours miss WCAG AA contrast (white on its light method badges, grey buttons); these darker
 * ones pass axe.
 */
const DOCS_STYLE = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d5f9e; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1b7a4f; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a5200; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
.swagger-ui .info .title small { background: #3b4151; }
.swagger-ui .info .title small.version-stamp { background: #2b6a1f; }
.swagger-ui .info a, .swagger-ui .info a.link .url, .swagger-ui .info .url { color: #1f4f99; }
.swagger-ui .btn.authorize { color: #1b7a4f; border-color: #1b7a4f; }
.swagger-ui .btn.authorize svg { fill: #1b7a4f; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #4a4a4a; }
.swagger-ui .parameter__in { color: #555; }
.swagger-ui .btn.try-out__btn { color: #3b4151; border-color: #3b4151; }
.swagger-ui .btn.try-out__btn.cancel { color: #b3261e; border-color: #b3261e; }
.swagger-ui .btn.execute { background-color: #1d5f9e; border-color: #1d5f9e; }
.swagger-ui .download-contents { background: #4a4f5e; }
.slipway-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Slipway REST API</title>
<link rel="icon" type="image/png" href="${DOCS_PATH}/assets/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_PATH}/docs.css">
</head>
<body>
<div id="docs"></div>
<script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/docs.js"></script>
</body>
</html>
`;

/**
 * `/api/openapi.json` and the browsable page at `/api/docs`: Swagger UI from its npm package, served from
 * here (no CDN, works offline), under the app's CSP as it is.
 */
export function openApiRoutes(document: object): Router {
  const router = Router();
  const json = JSON.stringify(document);
  router.get(OPENAPI_PATH, (_req, res) => {
    res.type('application/json').send(json);
  });
  router.get(DOCS_PATH, (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  router.get(`${DOCS_PATH}/docs.css`, (_req, res) => {
    res.type('text/css').send(DOCS_STYLE);
  });
  router.get(`${DOCS_PATH}/docs.js`, (_req, res) => {
    res.type('text/javascript').send(DOCS_SCRIPT);
  });
  router.use(`${DOCS_PATH}/assets`, express.static(swaggerUiDir, { index: false }));
  return router;
}
