import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { invalidInput } from '../common/validation.js';
import { auditContext } from '../modules/audit/audit-context.js';
import { auditActorOfRequest } from './auth-middleware.js';

/** A JSON Schema (2020-12), as OpenAPI 3.1 takes it. */
export type JsonSchema = Record<string, unknown>;

export interface RestResponse {
  description: string;
  /** The JSON body's schema; none for a response without a body (204). */
  schema?: JsonSchema;
  /** Another media type than JSON (a file download); its body is not JSON, so it has no schema here. */
  mediaType?: string;
}

/**
 * One REST route, declared: what the OpenAPI description says of it and what the request is checked against
 * before its handler runs. The handler stays thin: it calls the same services as GraphQL, which check the
 * values with the spec's own messages.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'delete';
  /** OpenAPI form, under /api: `/projects/{id}`. */
  path: string;
  summary: string;
  /** The group it is listed under (the module). */
  tag: string;
  /** false for the few routes open to anyone (health, registration, sign-in); default true: a bearer token. */
  auth?: boolean;
  description?: string;
  /** Path parameters by name (each `{name}` in path); a parameter not listed is a string. */
  params?: Record<string, JsonSchema>;
  query?: Record<string, JsonSchema>;
  /**
   * The JSON body: an object schema. The check before the handler rejects a body that is not an object and,
   * with `additionalProperties: false`, a field the route does not take; the values' rules are the services'.
   */
  body?: JsonSchema;
  /**
   * The service checks this body itself, after it has found the row: another user's row is then 404 whatever
   * the body (versions' and deployments' PUT). The schema only documents it.
   */
  bodyCheckedByService?: boolean;
  /** Success and route-specific error responses by status; every route also documents the shared errors. */
  responses: Record<number, RestResponse>;
  handler: (req: Request, res: Response) => Promise<void> | void;
}

/** The registry of shared shapes: `$ref: '#/components/schemas/Name'` in any route's schema names one. */
export type SchemaComponents = Record<string, JsonSchema>;

/** The request's first problem as the route layer reports it, or none. */
function requestProblem(errors: ErrorObject[]): Error | undefined {
  for (const error of errors) {
    if (error.instancePath === '' && error.keyword === 'type') return invalidInput('Request body must be a JSON object');
    if (error.instancePath === '' && error.keyword === 'additionalProperties') {
      const field = String((error.params as { additionalProperty: string }).additionalProperty).slice(0, 100);
      return invalidInput(`Unknown field "${field}"`, field);
    }
  }
  return undefined;
}

/** A list route's query string (checked against its schema) -> the fields every list query takes: page, sort, search, status. */
export function listQueryOf(req: Request) {
  const query = req.query as Record<string, unknown>;
  return { page: query.page, limit: query.limit, sortBy: query.sort_by, sortOrder: query.sort_order, search: query.search, status: query.status };
}

export const toExpressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** An ajv for OpenAPI 3.1's dialect with the shared shapes registered, so `$ref`s to components resolve. */
export function schemaValidator(components: SchemaComponents): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, discriminator: false });
  addFormats.default(ajv);
  ajv.addKeyword('example');
  ajv.addSchema(resolvable({ $id: '/components', $defs: components }));
  return ajv;
}

/** `#/components/schemas/X` refs point into the registered components document. */
function resolvable(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"/components#/$defs/')) as JsonSchema;
}

export function compileSchema(ajv: Ajv2020, schema: JsonSchema): ValidateFunction {
  return ajv.compile(resolvable(schema));
}

/** The routes as an Express router: signed-in check, request check against the declared schemas, then the handler. */
export function restRouter(
  routes: RestRoute[],
  components: SchemaComponents,
  signedIn: RequestHandler,
  /** After signedIn: may this credential use this route (a token's scopes and projects)? Throws if not. */
  authorize: (req: Request, route: RestRoute) => Promise<void>,
): Router {
  const ajv = schemaValidator(components);
  const router = Router();
  for (const route of routes) {
    const handlers: RequestHandler[] = [];
    if (route.auth !== false) {
      handlers.push(signedIn);
      handlers.push(async (req, _res, next) => {
        await authorize(req, route);
        next();
      });
    }
    // What the route changes is recorded in the audit log as done by this caller, from this address.
    handlers.push((req, _res, next) => auditContext.runAs(auditActorOfRequest(req), next));
    if (route.body && !route.bodyCheckedByService) {
      const validate = compileSchema(ajv, route.body);
      handlers.push((req, _res, next) => {
        const problem = validate(req.body) ? undefined : requestProblem(validate.errors ?? []);
        next(problem);
      });
    }
    handlers.push(async (req, res) => {
      await route.handler(req, res);
    });
    router[route.method](toExpressPath(route.path), ...handlers);
  }
  return router;
}
