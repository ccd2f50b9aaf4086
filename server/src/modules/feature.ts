import type { RequestHandler } from 'express';
import type { JobQueue } from '../jobs/job-queue.js';
import type { RestRoute, SchemaComponents } from '../http/rest-routes.js';

/**
 * What a feature module hands to the roles: REST routes (mounted under /api) and type-graphql resolver
 * instances for the api role, job definitions for every role (the worker role runs their handlers).
 */
export interface Feature {
  /** Declared REST routes (mounted under /api and described in /api/openapi.json) and the shared shapes they name. */
  rest?: { routes: RestRoute[]; schemas?: SchemaComponents };
  resolvers?: object[];
  /** HTTP endpoints outside the API (git's smart HTTP at /git), mounted at their path with their own authentication. */
  http?: HttpMount[];
  defineJobs?(queue: JobQueue): Promise<void>;
  /** Settles what processes that died left half-done where nothing else would; every worker runs it as it starts. */
  recover?(): Promise<void>;
  /** Loads and checks what the feature reads from disk (the template catalog); a failure stops the boot with its reason. */
  load?(): Promise<void>;
}

export interface HttpMount {
  path: string;
  handler: RequestHandler;
}
