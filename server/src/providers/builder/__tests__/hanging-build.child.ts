/**
 * A stand-in for a worker in the middle of a build, as its own process (for scratch-dirs.spec.ts, which kills it
 * with SIGKILL): the local providers on the data directory given as argv[2] commit one file and build it with a
 * command that never ends. Prints "building" once the build command runs.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SecretBox } from '../../../common/secret-box.js';
import { createLocalProviders } from '../../local.js';

const dataDir = process.argv[2];
const { sourceHost, builder } = createLocalProviders({ dataDir, secretBox: new SecretBox(randomBytes(32)) });
const repository = { organization: 'acme', name: `hanging-${process.pid}` };
await sourceHost.ensureRepository(repository, { description: 'Test' });
const files = [{ path: 'index.js', content: Buffer.from('setInterval(() => {}, 1000)') }];
const { sha } = await sourceHost.commitFiles(repository, { branch: 'main', message: 'Hang', author: { name: 'Ada', email: 'ada@example.com' }, files });
void builder.build(
  { projectId: `hanging-${process.pid}`, repository, commitSha: sha, image: { repository: `acme/hanging-${process.pid}`, tag: 'v0.1.0' }, buildCommand: ['node', 'index.js'], environment: {}, timeoutSeconds: 600 },
  { signal: new AbortController().signal, onLog: () => undefined },
);
const scratchRoot = path.join(dataDir, 'builds');
for (;;) {
  const own = (await readdir(scratchRoot).catch(() => [])).find((name) => name.startsWith(`build-${process.pid}-`));
  if (own && (await readdir(path.join(scratchRoot, own))).includes('build-process.json')) break;
  await sleep(20);
}
console.log('building');
