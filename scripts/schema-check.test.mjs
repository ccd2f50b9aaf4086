import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'schema-check-'));
const current = readFileSync(path.join(root, 'schema.graphql'), 'utf8');

function check(schema, changelog = '## Unreleased\n\n### Breaking changes\n') {
  const schemaFile = path.join(dir, 'schema.graphql');
  const changelogFile = path.join(dir, 'CHANGELOG.md');
  writeFileSync(schemaFile, schema);
  writeFileSync(changelogFile, changelog);
  const result = spawnSync(process.execPath, ['scripts/schema-check.mjs', '--schema', schemaFile, '--changelog', changelogFile], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

// The released schema has Query.me; removing it is the breaking change these tests make.
const withoutMe = current.replace(/^ {2}me: User!?\n/m, '');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run schema:check', () => {
  it('passes the current schema', () => {
    expect(check(current).status).toBe(0);
  });

  it('fails on a breaking change and names it', () => {
    expect(withoutMe).not.toBe(current);
    const { status, output } = check(withoutMe);
    expect(status).toBe(1);
    expect(output).toContain("BREAKING: Field 'me' was removed from object type 'Query' [Query.me]");
  });

  it('lets a breaking change through when the changelog lists it with a reason', () => {
    const { status, output } = check(withoutMe, '## Unreleased\n\n### Breaking changes\n- `Query.me`: replaced by Query.viewer\n\n## 0.1.0\n');
    expect(status).toBe(0);
    expect(output).toContain('listed in CHANGELOG.md');
  });

  it('does not count a breaking change listed under an older release', () => {
    expect(check(withoutMe, '## Unreleased\n\n## 0.1.0\n\n### Breaking changes\n- `Query.me`: old\n').status).toBe(1);
  });

  it('prints dangerous changes without failing', () => {
    const { status, output } = check(current.replace(/^enum ProjectStatus \{\n/m, 'enum ProjectStatus {\n  archived\n'));
    expect(status).toBe(0);
    expect(output).toContain('dangerous:');
  });
});
