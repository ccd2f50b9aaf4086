/**
 * Writes schema.graphql from the server's type-graphql resolvers.
 * `--check` writes nothing and fails when the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAppSchema, printAppSchema } from '../server/src/graphql/build-schema.js';

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schema.graphql');
const schema = await buildAppSchema();
const sdl = printAppSchema(schema);

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    // A missing file is stale too.
  }
  if (committed !== sdl) {
    console.error('schema.graphql is stale: run `npm run schema` and commit the result.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date.');
} else {
  writeFileSync(file, sdl);
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
}
