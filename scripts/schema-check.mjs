/**
 * Breaking-change check: compares a schema (default: schema.graphql) with the last release's schema
 * (server/schema-releases/<newest>.graphql) using @graphql-inspector/core. A breaking change fails unless
 * CHANGELOG.md's "Unreleased" section lists its path in backticks under "Breaking changes" with a reason;
 * dangerous changes are printed. A downstream CI can point it at a running Slipway:
 *   node scripts/schema-check.mjs --schema http://127.0.0.1:3000/api/graphql/schema.graphql
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diff } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const releasesDir = path.join(root, 'server', 'schema-releases');

function argument(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Release files are named by semver; the newest is the baseline. */
function newestRelease() {
  const versions = readdirSync(releasesDir)
    .filter((file) => /^\d+\.\d+\.\d+\.graphql$/.test(file))
    .map((file) => file.replace(/\.graphql$/, ''))
    .sort((a, b) => {
      const [x, y] = [a, b].map((version) => version.split('.').map(Number));
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
  if (!versions.length) throw new Error(`No released schema in ${releasesDir}`);
  return versions.at(-1);
}

async function readSchema(source) {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`${source} answered ${response.status}`);
    return response.text();
  }
  return readFileSync(path.resolve(source), 'utf8');
}

/** Paths listed under "### Breaking changes" in the changelog's "## Unreleased" section, each with its reason. */
function allowedBreakingChanges(changelog) {
  const unreleased = changelog.split(/^## /m).find((section) => /^Unreleased\b/i.test(section)) ?? '';
  const breaking = unreleased.split(/^### /m).find((section) => /^Breaking changes\b/i.test(section)) ?? '';
  const allowed = new Map();
  for (const match of breaking.matchAll(/^[-*]\s+`([^`]+)`\s*[:—–-]\s*(\S.*)$/gm)) allowed.set(match[1], match[2].trim());
  return allowed;
}

const release = newestRelease();
const target = argument('--schema') ?? path.join(root, 'schema.graphql');
const before = buildSchema(readFileSync(path.join(releasesDir, `${release}.graphql`), 'utf8'));
const after = buildSchema(await readSchema(target));
const changes = await diff(before, after);
const allowed = allowedBreakingChanges(readFileSync(argument('--changelog') ?? path.join(root, 'CHANGELOG.md'), 'utf8'));

const breaking = changes.filter((change) => change.criticality.level === 'BREAKING');
const dangerous = changes.filter((change) => change.criticality.level === 'DANGEROUS');
const unlisted = breaking.filter((change) => !allowed.has(change.path));

console.log(`Schema check: ${path.relative(root, target) || target} against release ${release}: ${changes.length} change(s), ${breaking.length} breaking, ${dangerous.length} dangerous.`);
for (const change of dangerous) console.log(`  dangerous: ${change.message}${change.criticality.reason ? ` (${change.criticality.reason})` : ''}`);
for (const change of breaking.filter((change) => allowed.has(change.path))) console.log(`  breaking, listed in CHANGELOG.md: ${change.message} (${allowed.get(change.path)})`);
if (unlisted.length) {
  for (const change of unlisted) console.error(`  BREAKING: ${change.message} [${change.path}]`);
  console.error(
    'A client written against the last release would break. Keep the old field or argument (deprecate it with a reason), ' +
      'or list each path above in CHANGELOG.md under "## Unreleased" / "### Breaking changes" as "- `Path`: reason".',
  );
  process.exit(1);
}
