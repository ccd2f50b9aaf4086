// The node flags the server runs with, however it is started: `npm start` (scripts/start.mjs), `npm run serve`
// (the Docker image) and the benchmarks that boot it as those do. package.json's `serve` and server/package.json's
// `start` spell them out (npm scripts cannot import); scripts/server-node-flags.test.mjs keeps them the same.
//
// --max-semi-space-size: every request leaves short-lived objects (a parsed body, Apollo's request context,
// result rows) in V8's young generation. With 32 MB semi-spaces instead of 16 MB the scavenger runs half as
// often, and a page of projects over GraphQL spent 55 µs of server time per request in garbage collection
// instead of 75 µs (npm run bench:projects, the server profiled with --cpu-prof), for at most 48 MB more memory.
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];
