// Copies public/ into a fresh dist/ and stamps the build; fails when the site has no index page.
import { cp, rm, stat, writeFile } from 'node:fs/promises';

const source = new URL('./public/', import.meta.url);
const target = new URL('./dist/', import.meta.url);

await stat(new URL('index.html', source));
await rm(target, { recursive: true, force: true });
await cp(source, target, { recursive: true });
await writeFile(new URL('build.json', target), JSON.stringify({ builtAt: new Date().toISOString() }));
console.log('Built dist/');
