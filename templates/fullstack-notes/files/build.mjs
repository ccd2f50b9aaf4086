// Syntax-checks the server modules and copies the front end into a fresh dist/.
import { execFileSync } from 'node:child_process';
import { cp, readdir, rm } from 'node:fs/promises';

const serverDir = new URL('./server/', import.meta.url);
for (const file of await readdir(serverDir)) {
  if (file.endsWith('.mjs')) execFileSync(process.execPath, ['--check', new URL(file, serverDir).pathname], { stdio: 'inherit' });
}

const dist = new URL('./dist/', import.meta.url);
await rm(dist, { recursive: true, force: true });
await cp(new URL('./public/', import.meta.url), dist, { recursive: true });
console.log('Built dist/');
