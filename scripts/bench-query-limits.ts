// Our query limits (server/src/graphql/limits.ts) against @escape.tech/graphql-armor's max-depth and cost-limit
// rules, on the documents that matter: what the client sends, GraphiQL's introspection, and attacks. Prints each
// checker's verdict and its time per check, so the README's choice can be re-checked.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { type DocumentNode, type GraphQLError, type ValidationContext, buildSchema, getIntrospectionQuery, parse, validate } from 'graphql';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MAX_QUERY_COST, MAX_QUERY_DEPTH, MAX_QUERY_DIRECTIVES, MaxDirectivesRule, limitExceeded } from '../server/src/graphql/limits.js';

const schema = buildSchema(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
const manifest = JSON.parse(readFileSync(new URL('../client/src/generated/persisted-documents.json', import.meta.url), 'utf8')) as Record<string, string>;
const clientDocument = (name: string) => Object.values(manifest).find((text) => new RegExp(`\\bquery ${name}\\b`).test(text)) ?? '';

const nested = (path: string[]) => `{ ${path.join(' { ')} { name }${' }'.repeat(path.length)}`;
const bomb = (levels: number) =>
  ['fragment F0 on Query { me { id } }', ...Array.from({ length: levels }, (_, i) => `fragment F${i + 1} on Query { ...F${i} ...F${i} }`), `query { ...F${levels} }`].join('\n');
const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: me { id }`).join(' ')} }`;

const DOCUMENTS: Array<[string, string, 'pass' | 'refuse']> = [
  ['client: Projects page', clientDocument('Projects'), 'pass'],
  ['client: ProjectDetail', clientDocument('ProjectDetail'), 'pass'],
  ["GraphiQL's introspection", getIntrospectionQuery(), 'pass'],
  ['11 levels deep', nested(['__schema', 'directives', 'args', 'type', 'fields', 'args', 'type', 'fields', 'args', 'type']), 'refuse'],
  ['fragment bomb (2^20 fields, 1 KB)', bomb(20), 'refuse'],
  ['600 aliased fields', aliases(600), 'refuse'],
  ['one field, 1,000 directives', `{ me { id ${'@include(if: true) '.repeat(1000)}} }`, 'refuse'],
];

// Reported as validation errors (armor throws by default); introspection checked too, as ours does.
const report = { onReject: [(context: ValidationContext, error: GraphQLError) => context.reportError(error)], propagateOnRejection: false };
const armorRules = [
  maxDepthRule({ n: MAX_QUERY_DEPTH, flattenFragments: true, ignoreIntrospection: false, ...report }),
  costLimitRule({ maxCost: MAX_QUERY_COST * 10, objectCost: 10, scalarCost: 10, depthCostFactor: 1, ignoreIntrospection: false, ...report }),
  maxDirectivesRule({ n: MAX_QUERY_DIRECTIVES, ...report }),
];
const ours = (document: DocumentNode) => limitExceeded(document) ?? (validate(schema, document, [MaxDirectivesRule])[0]?.message || null);

function time(check: () => unknown): { ms: number; result: unknown } {
  let result: unknown;
  const runs: number[] = [];
  const deadline = performance.now() + 1000;
  while (runs.length < 5 || (performance.now() < deadline && runs.length < 2000)) {
    const started = performance.now();
    result = check();
    runs.push(performance.now() - started);
    if (runs[runs.length - 1] > 2000) break;
  }
  runs.sort((a, b) => a - b);
  return { ms: runs[Math.floor(runs.length / 2)], result };
}

const verdict = (refused: boolean, expected: 'pass' | 'refuse') => `${refused ? 'refused' : 'passed'}${(expected === 'refuse') === refused ? '' : ' (WRONG)'}`;

console.log(`ours: Slipway's depth and cost measure plus graphql-armor's max-directives rule (what the server runs); armor: its max-depth, cost-limit and max-directives rules`);
console.log(`limits: depth ${MAX_QUERY_DEPTH}, cost ${MAX_QUERY_COST} fields (armor: the same depth; cost in its own units, 10 per field)\n`);
console.log('document                              ours                      graphql-armor');
for (const [name, text, expected] of DOCUMENTS) {
  const document: DocumentNode = parse(text);
  const measured = time(() => ours(document));
  const armor = time(() => validate(schema, document, armorRules) as readonly GraphQLError[]);
  const oursCell = `${verdict(measured.result !== null, expected)} ${measured.ms.toFixed(3)} ms`;
  const armorCell = `${verdict((armor.result as GraphQLError[]).length > 0, expected)} ${armor.ms.toFixed(3)} ms`;
  console.log(`${name.padEnd(38)}${oursCell.padEnd(26)}${armorCell}`);
}
