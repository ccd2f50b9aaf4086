// The layers of the code, checked by `npm run lint` (docs/architecture.md#layers); scripts/layers.test.mjs shows
// each rule failing. There is no baseline of known violations: any violation fails lint.
// Tests may cross layers to wire things up: the layer rules apply to product code.
const TESTS = '(__tests__/|\\.(spec|test)\\.tsx?$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'client-not-to-server',
      comment: 'The client never imports server code: it shares code with the server through @slipway/domain.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'domain-imports-nothing',
      comment: '@slipway/domain is imported by both sides as it is: it imports nothing outside itself.',
      severity: 'error',
      from: { path: '^domain/src/', pathNot: TESTS },
      to: { pathNot: '^domain/src/' },
    },
    {
      name: 'engine-not-to-features',
      comment: 'The pipeline engine (server/src/pipelines) is a leaf: it imports no feature module. Features hand it their steps.',
      severity: 'error',
      from: { path: '^server/src/pipelines/', pathNot: TESTS },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'providers-not-to-features',
      comment: 'Providers (source host, builder, registry, cluster) know nothing of the features that use them.',
      severity: 'error',
      from: { path: '^server/src/providers/', pathNot: TESTS },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'adapters-not-to-config',
      comment: 'Only boot reads the configuration: features, GraphQL and HTTP get the values they need handed in.',
      severity: 'error',
      from: { path: '^server/src/(modules|graphql|http)/', pathNot: TESTS },
      to: { path: '^server/src/config/' },
    },
    {
      name: 'pg-boss-behind-job-queue',
      comment: 'The job queue port (server/src/jobs) is the one door to pg-boss: features and boot code see define/enqueue only.',
      severity: 'error',
      from: { pathNot: '^server/src/jobs/' },
      to: { path: '(^|/)node_modules/pg-boss/' },
    },
  ],
  options: {
    // Packages are leaves: an import of one is checked, its own imports are not read.
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(dist|generated)/' },
    // Type-only imports are dependencies too: a layer that names another's types depends on it.
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      // @slipway/domain is read from its source, as every tool here reads it.
      conditionNames: ['source', 'import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
