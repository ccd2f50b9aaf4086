import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import GraphQLWorker from 'monaco-graphql/esm/graphql.worker.js?worker';
import type { Environment } from 'monaco-editor';

/**
 * GraphiQL's editor (Monaco) runs its language services in web workers, bundled here by Vite. This is what
 * `graphiql/setup-workers/vite` does, kept in our own source: imported from node_modules, its `?worker`
 * imports break Vite's dev-server dependency optimizer (graphql/graphiql#4038, #4473).
 */
(globalThis as typeof globalThis & { MonacoEnvironment: Environment }).MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === 'graphql') return new GraphQLWorker();
    if (label === 'json') return new JsonWorker();
    return new EditorWorker();
  },
};
