import type { JsonSchema } from './rest-routes.js';

/** Small builders for the JSON Schemas of the REST routes (OpenAPI 3.1 takes JSON Schema 2020-12 as it is). */
export const schema = {
  string: (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra, ...(description ? { description } : {}) }),
  uuid: (description?: string): JsonSchema => ({ type: 'string', format: 'uuid', ...(description ? { description } : {}) }),
  dateTime: (description?: string): JsonSchema => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) }),
  integer: (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra, ...(description ? { description } : {}) }),
  number: (description?: string): JsonSchema => ({ type: 'number', ...(description ? { description } : {}) }),
  boolean: (description?: string): JsonSchema => ({ type: 'boolean', ...(description ? { description } : {}) }),
  enum: (values: readonly string[], description?: string): JsonSchema => ({ type: 'string', enum: [...values], ...(description ? { description } : {}) }),
  array: (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) }),
  ref: (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` }),
  /** Any JSON value (documented by its description). */
  any: (description: string): JsonSchema => ({ description }),
  /** The value or null. */
  nullable: (inner: JsonSchema): JsonSchema =>
    inner.$ref || inner.enum
      ? { anyOf: [inner, { type: 'null' }] }
      : { ...inner, type: [inner.type as string, 'null'] },
  /** A response object: every property present unless listed as optional, and no others. */
  object: (properties: Record<string, JsonSchema>, { optional = [], description }: { optional?: string[]; description?: string } = {}): JsonSchema => ({
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
  }),
  /** A request body: the fields the route takes, none required here (the services say what is missing), no others. */
  body: (properties: Record<string, JsonSchema>, { required = [] }: { required?: string[] } = {}): JsonSchema => ({
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  }),
  message: (description: string): JsonSchema => ({
    type: 'object',
    description,
    properties: { message: { type: 'string' } },
    required: ['message'],
    additionalProperties: false,
  }),
};
