// `npm run build -w server`: the server as plain JavaScript in dist/, file by file with the same layout as
// src/ (paths computed from import.meta.url hold in both), without tests. esbuild transpiles the way tsx
// runs the sources in development and in the test suite, in half a second where tsc took several on the
// first `npm start` of a fresh clone; type checking is `npm run typecheck`.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const HERE = import.meta.dirname;
const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.split(path.sep).includes('__tests__');
const entryPoints = readdirSync(path.join(HERE, 'src'), { recursive: true })
  .filter(isSource)
  .map((file) => path.join(HERE, 'src', file));

rmSync(path.join(HERE, 'dist'), { recursive: true, force: true });
await build({
  entryPoints,
  outdir: path.join(HERE, 'dist'),
  outbase: path.join(HERE, 'src'),
  // Decorators (type-graphql, TypeORM) and class fields as tsconfig.json says, as tsx reads it.
  tsconfig: path.join(HERE, 'tsconfig.json'),
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
