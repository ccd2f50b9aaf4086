import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const scripts = (file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')).scripts;

describe('the server node flags', () => {
  it('are the ones the npm scripts that run the compiled server pass', () => {
    expect(scripts('package.json').serve).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} server/dist/main.js`);
    expect(scripts('server/package.json').start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
  });
});
