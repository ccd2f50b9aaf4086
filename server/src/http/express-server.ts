import { IncomingMessage, type Server, type ServerOptions, ServerResponse, createServer } from 'node:http';
import type { Express } from 'express';

/** Node's request and response are still constructor functions (they could one day become classes, which cannot be called). */
const callable = (constructor: object) => !Function.prototype.toString.call(constructor).startsWith('class');

/**
 * The HTTP server of the Express app, made before the app (Apollo's drain plugin and graphql-ws need the server
 * first); `serve(app)` hands it the app, before it listens. From then on Node builds each request and response with
 * the app's own prototypes (`app.request`, `app.response`), so the `Object.setPrototypeOf` with which Express
 * re-prototypes both objects of every request (app.handle) finds them in place and changes nothing.
 *
 * Re-prototyping is costly beyond the call: on Node 20 and 22 re-prototyped objects outlive V8's young-generation
 * collections (expressjs/express#5998). Measured (docs/benchmarks.md, bench:projects, 2026-11-28): without it a
 * REST page fell from 36 % to 22 % of raw SQL's throughput. express-server.spec.ts fails if Node or Express stop
 * allowing it.
 */
/** Takes a request before the app does (the front door's apps); false hands it to the app. */
export type RequestTaker = (req: IncomingMessage, res: ServerResponse) => boolean;

export function createExpressServer(options: ServerOptions): { server: Server; serve: (app: Express, before?: RequestTaker) => void } {
  const listener = (app: Express, before?: RequestTaker) => (before ? (req: IncomingMessage, res: ServerResponse) => before(req, res) || app(req, res) : app);
  if (!callable(IncomingMessage) || !callable(ServerResponse)) {
    const server = createServer(options);
    return { server, serve: (app, before) => server.on('request', listener(app, before)) };
  }
  const AppRequest = constructedWithPrototypeOf(IncomingMessage);
  const AppResponse = constructedWithPrototypeOf(ServerResponse);
  const server = createServer({
    ...options,
    IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
    ServerResponse: AppResponse as unknown as typeof ServerResponse,
  });
  return {
    server,
    serve(app, before) {
      AppRequest.prototype = app.request;
      AppResponse.prototype = app.response;
      server.on('request', listener(app, before));
    },
  };
}

/**
 * A constructor for Node to call with `new` and its own arguments: it runs Node's constructor on the object made
 * from its prototype, Node's own until `serve` gives it the app's.
 */
function constructedWithPrototypeOf<T extends object>(nodeConstructor: new (...args: never[]) => T): { prototype: object } {
  function Constructed(this: T, ...args: unknown[]) {
    Reflect.apply(nodeConstructor, this, args);
  }
  Constructed.prototype = nodeConstructor.prototype;
  return Constructed;
}
