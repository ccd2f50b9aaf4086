import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readBuildInfo } from './build-info.js';

const COMMIT_A = 'a'.repeat(40);
const COMMIT_B = '0123456789abcdef0123456789abcdef01234567';
const dirs: string[] = [];

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'slipway-build-'));
  dirs.push(root);
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'slipway', version: '9.8.7' }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('readBuildInfo', () => {
  it.each([
    ['a detached HEAD', '.', { '.git/HEAD': `${COMMIT_A}\n` }, COMMIT_A],
    ['a loose branch ref', '.', { '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': `${COMMIT_B}\n` }, COMMIT_B],
    [
      'a packed branch ref',
      '.',
      { '.git/HEAD': 'ref: refs/heads/main\n', '.git/packed-refs': `# pack-refs\n${COMMIT_A} refs/heads/other\n${COMMIT_B} refs/heads/main\n` },
      COMMIT_B,
    ],
    [
      'a worktree whose .git file points at its git directory',
      'checkout',
      {
        'checkout/.git': 'gitdir: ../store/worktrees/w\n',
        'store/worktrees/w/HEAD': 'ref: refs/heads/w\n',
        'store/worktrees/w/commondir': '../..\n',
        'store/refs/heads/w': COMMIT_A,
      },
      COMMIT_A,
    ],
    ['no repository', '.', {}, null],
    ['a branch with no commit yet', '.', { '.git/HEAD': 'ref: refs/heads/main\n' }, null],
  ])('reads the commit from %s', (_case, checkout, files, commit) => {
    expect(readBuildInfo(path.join(repo(files), checkout), undefined).commit).toBe(commit);
  });

  it('prefers SLIPWAY_COMMIT, and reports the package version and Node.js', () => {
    const info = readBuildInfo(repo({ '.git/HEAD': COMMIT_A }), ' deadbeef ');
    expect(info).toEqual({ version: '9.8.7', commit: 'deadbeef', nodeVersion: process.version });
  });

  it('says unknown when there is no package.json', () => {
    expect(readBuildInfo(path.join(tmpdir(), 'slipway-no-such-dir'), undefined).version).toBe('unknown');
  });
});
