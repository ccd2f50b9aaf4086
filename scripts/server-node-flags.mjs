// The node flags the server runs with, however it is started: `npm start` (scripts/start.mjs), `npm run serve`
// (the Docker image) and the benchmarks that boot it as those do. package.json's `serve` and server/package.json's
// `start` spell them out (npm scripts cannot import); scripts/server-node-flags.test.mjs keeps them the same.
//
// --max-semi-space-size: every request leaves short-lived objects in V8's young generation; 32 MB semi-spaces
// make the scavenger run half as often (measured in docs/benchmarks.md, bench:projects).
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=32'];
