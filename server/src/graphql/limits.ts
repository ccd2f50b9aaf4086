import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from 'graphql';
import { ErrorCode } from '../common/app-error.js';

export const MAX_QUERY_DEPTH = 10;
/** Cost of a document: every field selected, fragments expanded where they are spread. */
export const MAX_QUERY_COST = 500;

/** Directives in one operation, fragments included. */
export const MAX_QUERY_DIRECTIVES = 50;

/**
 * Depth and cost are ours (scripts/bench-query-limits.ts: 30 to 1,000 times quicker than graphql-armor's rules, and
 * they pass GraphiQL's introspection while still limiting deep introspection); directives are graphql-armor's,
 * which ours do not count. A validation rule: the refusal is a validation error like any other.
 */
export const MaxDirectivesRule: ValidationRule = maxDirectivesRule({
  n: MAX_QUERY_DIRECTIVES,
  propagateOnRejection: false,
  onReject: [(context) => context?.reportError(new GraphQLError(`Query has too many directives: more than the limit of ${MAX_QUERY_DIRECTIVES}`))],
}) as unknown as ValidationRule;

interface Measure {
  depth: number;
  cost: number;
}

/**
 * Each fragment is measured once and its measure reused wherever it is spread: expanding spreads one by one
 * lets a 1 KB document of fragments that each spread the previous one twice cost 2^n steps.
 */
interface Fragments {
  definitions: Map<string, FragmentDefinitionNode>;
  measured: Map<string, Measure>;
}

function measure(set: SelectionSetNode, fragments: Fragments, visiting: Set<string>): Measure {
  const total: Measure = { depth: 0, cost: 0 };
  for (const selection of set.selections) {
    let inner: Measure;
    if (selection.kind === Kind.FIELD) {
      const child = selection.selectionSet ? measure(selection.selectionSet, fragments, visiting) : { depth: 0, cost: 0 };
      // Introspection unwraps NON_NULL/LIST wrappers through nested `ofType` (GraphiQL's query nests it 7 times):
      // each unwrap costs a field but adds no depth, so standard introspection passes while deep fields/type chains do not.
      const depth = selection.name.value === 'ofType' ? child.depth : child.depth + 1;
      inner = { depth, cost: child.cost + 1 };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(selection.selectionSet, fragments, visiting);
    } else {
      const name = selection.name.value;
      const fragment = fragments.definitions.get(name);
      // Cycles are rejected by GraphQL validation; guard anyway so measuring always terminates.
      if (!fragment || visiting.has(name)) continue;
      let known = fragments.measured.get(name);
      if (!known) {
        known = measure(fragment.selectionSet, fragments, new Set(visiting).add(name));
        fragments.measured.set(name, known);
      }
      inner = known;
    }
    total.depth = Math.max(total.depth, inner.depth);
    total.cost += inner.cost;
  }
  return total;
}

function limitError(message: string) {
  // The document is the client's mistake: a 400 over HTTP, as for any other invalid document.
  return new GraphQLError(message, { extensions: { code: ErrorCode.BadUserInput, http: { status: 400 } } });
}

/**
 * Apollo keeps each validated document and hands the same object back for every request with the same text,
 * so a document is measured once: the verdict (null, or what exceeds a limit) is kept beside it.
 */
const verdicts = new WeakMap<DocumentNode, string | null>();

/** Rejects operations nested deeper than MAX_QUERY_DEPTH or selecting more than MAX_QUERY_COST fields. */
export function assertWithinLimits(document: DocumentNode): void {
  let verdict = verdicts.get(document);
  if (verdict === undefined) {
    verdict = limitExceeded(document);
    verdicts.set(document, verdict);
  }
  if (verdict) throw limitError(verdict);
}

/** What in the document exceeds a limit (a message), or null; uncached (assertWithinLimits keeps verdicts). */
export function limitExceeded(document: DocumentNode): string | null {
  const fragments: Fragments = { definitions: new Map(), measured: new Map() };
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.definitions.set(definition.name.value, definition);
  }
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const { depth, cost } = measure(definition.selectionSet, fragments, new Set());
    if (depth > MAX_QUERY_DEPTH) return `Query is too deep: depth ${depth} exceeds the limit of ${MAX_QUERY_DEPTH}`;
    if (cost > MAX_QUERY_COST) return `Query is too complex: it selects ${cost} fields, more than the limit of ${MAX_QUERY_COST}`;
  }
  return null;
}
