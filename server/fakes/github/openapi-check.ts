import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FakeGitHubExchange } from './fake-github.js';

interface Description {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, unknown> }; responses: Record<string, { $ref?: string; content?: Record<string, unknown> }> }>
  >;
  components: { responses: Record<string, { content?: Record<string, unknown> }> };
}

/**
 * Checks the fake GitHub's exchanges against GitHub's published OpenAPI description (@octokit/openapi): the
 * request body against the operation's schema, the answer against the schema documented for its status. For tests.
 */
export function githubOpenApiChecker() {
  const require = createRequire(import.meta.url);
  const description = allowNullInNullableEnums(structuredClone(require('@octokit/openapi/generated/api.github.com.json') as Description));
  const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  // GitHub's own format for an owner/name pair (a pull request's head_repo).
  ajv.addFormat('repo.nwo', /^[^/]+\/[^/]+$/);
  ajv.addSchema(description, 'gh');
  const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const templates = Object.keys(description.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{(\w+)\}/g, (_m, name: string) => (name === 'ref' || name === 'path' ? '(.+)' : '([^/]+)'))}$`),
    literal: template.replace(/\{\w+\}/g, '').length,
  }));
  const validators = new Map<string, ValidateFunction>();
  const compiled = (key: string) => {
    if (!validators.has(key)) validators.set(key, ajv.compile({ $ref: `gh${key}` }));
    return validators.get(key)!;
  };
  const operationOf = (exchange: FakeGitHubExchange) =>
    templates
      .filter((candidate) => candidate.pattern.test(exchange.path) && description.paths[candidate.template][exchange.method.toLowerCase()])
      .sort((a, b) => b.literal - a.literal)[0];

  return {
    /** The documented path template of an exchange, or undefined. */
    operation: (exchange: FakeGitHubExchange) => operationOf(exchange)?.template,
    /** What is wrong with an exchange (empty when it matches the description). */
    problems(exchange: FakeGitHubExchange): string[] {
      const method = exchange.method.toLowerCase();
      const match = operationOf(exchange);
      if (!match) return [`no operation ${exchange.method} ${exchange.path}`];
      const operation = description.paths[match.template][method];
      const found: string[] = [];
      if (exchange.requestBody !== undefined && operation.requestBody?.content?.['application/json']) {
        const sent = compiled(`#/${pointer('paths', match.template, method, 'requestBody', 'content', 'application/json', 'schema')}`);
        if (!sent(exchange.requestBody)) found.push(`request ${exchange.method} ${exchange.path}: ${ajv.errorsText(sent.errors)}`);
      }
      let response = operation.responses[String(exchange.status)];
      let location = `#/${pointer('paths', match.template, method, 'responses', String(exchange.status))}`;
      if (!response && (exchange.status === 404 || exchange.status === 403)) {
        // GitHub answers 404 for a missing repository, run or job on every route, documented or not, and 403 for what
        // it refuses to do now (re-running a run that is still going): its basic error.
        const basic = compiled('#/components/schemas/basic-error');
        if (!basic(exchange.body)) found.push(`${exchange.method} ${exchange.path} ${exchange.status}: ${ajv.errorsText(basic.errors)}`);
        return found;
      }
      if (!response) return [...found, `${exchange.method} ${match.template} documents no ${exchange.status}`];
      if (response.$ref) {
        location = response.$ref;
        response = description.components.responses[response.$ref.split('/').pop()!];
      }
      if (!response.content?.['application/json']) {
        if (exchange.body !== undefined && JSON.stringify(exchange.body) !== '{}') found.push(`${exchange.method} ${exchange.path} ${exchange.status}: a body where none is documented`);
        return found;
      }
      const validator = compiled(`${location}/content/application~1json/schema`);
      if (!validator(exchange.body)) found.push(`${exchange.method} ${exchange.path} ${exchange.status}: ${ajv.errorsText(validator.errors)}`);
      return found;
    },
  };
}

/**
 * OpenAPI 3.0's `nullable: true` next to an `enum` allows null (GitHub answers `"conclusion": null` for a run in
 * progress), but Ajv checks the enum first: null is added to such enums; one without a type becomes an anyOf with null.
 */
function allowNullInNullableEnums<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) allowNullInNullableEnums(item);
  } else if (node && typeof node === 'object') {
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    // `nullable` beside a composition and no type (a pull request's `milestone`, `auto_merge`): Ajv wants it spelt out.
    if (schema.nullable === true && schema.type === undefined) {
      const { nullable: _nullable, ...rest } = schema;
      for (const key of Object.keys(schema)) delete schema[key];
      schema.anyOf = [rest, { type: 'null' }];
    }
    for (const value of Object.values(schema)) allowNullInNullableEnums(value);
  }
  return node;
}
