// Rules both the server and the client use. This package imports nothing, so the browser bundle and
// the server can both take it as it is.
export * from './accounts.js';
export * from './command-catalog.js';
export * from './masking.js';
export * from './deployments.js';
export * from './projects.js';
export * from './settings.js';
export * from './pipelines.js';
export * from './versions.js';
export * from './limits.js';
