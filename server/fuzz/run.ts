/**
 * `npm run fuzz` / `npm run fuzz:ci`: one fast-check property per surface, each sending its cases to a running
 * Slipway and failing on whatever the oracle objects to; a health check after each batch.
 *
 * FUZZ_RUNS (cases per property), FUZZ_SEED (replays a run), FUZZ_ONLY (comma-separated property names),
 * FUZZ_PATH (with FUZZ_ONLY and FUZZ_SEED: replays one shrunk failure), FUZZ_URL (fuzz a running server
 * instead of booting one; FUZZ_SECRET_KEY its SLIPWAY_SECRET_KEY, for forged signed tokens), FUZZ_PORT.
 * At most 60 s per property, shrinking included; `--ci` (for `npm test`): a fixed seed, 100 cases per property
 * and at most 3 s per property.
 */
import fc from 'fast-check';
import { graphqlDocuments, graphqlEnvelopes, graphqlFragments, graphqlPersisted, graphqlVariables } from './generators/graphql.js';
import { httpTokens, restBodies, restHeaders, restPaths, restQueries } from './generators/rest.js';
import type { FuzzContext } from './generators/values.js';
import { wsFrames, wsOversized, wsVariables } from './generators/ws.js';
import { SLOW_MS, judge, onlySlow, symptom } from './oracle.js';
import { signIn, startTarget, type Fuzzer, type Target } from './target.js';
import { send, type FuzzCase, type Observation } from './transport.js';

const PROPERTIES: Array<[string, (ctx: FuzzContext) => fc.Arbitrary<FuzzCase>]> = [
  ['rest-paths', restPaths],
  ['rest-queries', restQueries],
  ['rest-bodies', restBodies],
  ['rest-headers', restHeaders],
  ['http-tokens', httpTokens],
  ['graphql-documents', graphqlDocuments],
  ['graphql-fragments', graphqlFragments],
  ['graphql-variables', graphqlVariables],
  ['graphql-persisted', graphqlPersisted],
  ['graphql-envelopes', graphqlEnvelopes],
  ['ws-frames', wsFrames],
  ['ws-variables', wsVariables],
  ['ws-oversized', wsOversized],
];

/** A property stops at its first failure; it is run again, that symptom now tolerated, to find the next one. */
const MAX_ROUNDS = 4;

const ci = process.argv.includes('--ci');
const env = process.env;
const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : ci ? 20261123 : Math.floor(Math.random() * 2 ** 31);
const numRuns = Number(env.FUZZ_RUNS) || (ci ? 100 : 1000);
const only = env.FUZZ_ONLY?.split(',').map((name) => name.trim());
/** Slow cases and their shrinking cost seconds each: a property stops after this and reports what it has. */
const propertyBudgetMs = ci ? 3000 : 60_000;

class ServerDown extends Error {}

interface Failure {
  property: string;
  problems: string[];
  fuzzCase?: FuzzCase;
  observation?: Observation;
  path?: string;
}

async function health(target: Target): Promise<string | undefined> {
  const started = performance.now();
  try {
    const res = await fetch(new URL('/api/health', target.url), { signal: AbortSignal.timeout(5000) });
    const ms = performance.now() - started;
    if (res.status !== 200) return `GET /api/health answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
    if (ms > SLOW_MS) return `GET /api/health took ${Math.round(ms)} ms`;
    return undefined;
  } catch (error) {
    return `GET /api/health failed: ${(error as Error).message}${target.exited ? ` (${target.exited})` : ''}`;
  }
}

/** Waits until the server answers the health check promptly; the last problem if it did not within `withinMs`. */
async function recovered(target: Target, withinMs: number): Promise<string | undefined> {
  const deadline = Date.now() + withinMs;
  let problem = await health(target);
  while (problem && !target.exited && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    problem = await health(target);
  }
  return problem;
}

/** After a slow or failed reply, wait until the server answers promptly again, so the next case is judged alone. */
async function settle(target: Target): Promise<void> {
  const problem = await recovered(target, 60_000);
  if (problem) throw new ServerDown(`the server did not recover: ${problem}`);
}

/** Problems after which the server may still be busy: the next case waits until it answers promptly. */
const LINGERING = /^(slow|no reply|socket closed)/;

/** One case through the oracle; a reply that was only slow is tried once more before it counts. */
async function exercise(target: Target, fuzzCase: FuzzCase): Promise<{ problems: string[]; observation: Observation }> {
  const attempt = async () => {
    const logged = target.stderr.length;
    const observation = await send(target.url, fuzzCase);
    let problems = judge(fuzzCase, observation);
    if (problems.length && target.logFile) {
      // The server logs an unexpected error just before it answers; give the pipe a moment to deliver it.
      for (let wait = 0; wait < 10 && !target.stderr.includes('unexpected error', logged); wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      observation.serverLog = target.stderr.slice(logged);
      problems = judge(fuzzCase, observation);
    }
    return { problems, observation };
  };
  let result = await attempt();
  if (onlySlow(result.problems)) {
    await settle(target);
    result = await attempt();
  }
  if (result.problems.some((problem) => LINGERING.test(problem))) await settle(target);
  return result;
}

/**
 * Runs one property in rounds. A round fails on the first case with a symptom not reported yet, and shrinks
 * it while it keeps all of that case's new symptoms (so a slow 500 stays slow); the next round tolerates them.
 */
async function runProperty(target: Target, name: string, arbitrary: fc.Arbitrary<FuzzCase>): Promise<Failure[]> {
  const reported = new Set<string>();
  const failures: Failure[] = [];
  const deadline = Date.now() + propertyBudgetMs;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const interruptAfterTimeLimit = deadline - Date.now();
    if (interruptAfterTimeLimit <= 0) break;
    let wanted: string[] | undefined;
    let last: Failure | undefined;
    const property = fc.asyncProperty(arbitrary, async (fuzzCase) => {
      const { problems, observation } = await exercise(target, fuzzCase);
      const fresh = problems.filter((problem) => !reported.has(symptom(problem)));
      const symptoms = fresh.map(symptom);
      const fails = wanted ? wanted.every((s) => symptoms.includes(s)) : fresh.length > 0;
      if (!fails) return;
      wanted ??= symptoms;
      last = { property: name, problems: fresh, fuzzCase, observation };
      throw new Error(fresh.join('; '));
    });
    const details = await fc.check(property, { seed, numRuns, path: env.FUZZ_PATH, interruptAfterTimeLimit });
    if (details.errorInstance instanceof ServerDown) throw details.errorInstance;
    if (!details.failed || !last || !wanted) {
      if (details.failed) failures.push({ property: name, problems: [String(details.errorInstance)] });
      break;
    }
    // The last failing case fast-check ran is the shrunk counterexample; `last` holds its reply.
    failures.push({ ...last, path: details.counterexamplePath ?? undefined });
    for (const s of wanted) reported.add(s);
    if (env.FUZZ_PATH) break;
  }
  return failures;
}

const clip = (text: string, max = 1500) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

function describe(fuzzCase: FuzzCase): string {
  if (fuzzCase.surface === 'ws') return `graphql-ws frames:\n${fuzzCase.frames.map((f) => `    ${clip(JSON.stringify(f), 600)}`).join('\n')}`;
  const body = fuzzCase.body === undefined ? '' : `\n    body: ${clip(JSON.stringify(typeof fuzzCase.body === 'string' ? fuzzCase.body : `<bytes ${fuzzCase.body.toString('hex')}>`))}`;
  return `${fuzzCase.method} ${clip(fuzzCase.path, 600)}\n    headers: ${JSON.stringify(fuzzCase.headers)}${body}`;
}

function report(failure: Failure, target: Target): string {
  const lines = [`✗ ${failure.property}: ${failure.problems.join('; ')}`];
  if (failure.path) lines.push(`  replay: FUZZ_SEED=${seed} FUZZ_ONLY=${failure.property} FUZZ_PATH=${failure.path} npm run fuzz`);
  if (failure.fuzzCase) lines.push(`  request (shrunk): ${describe(failure.fuzzCase)}`);
  if (failure.observation) {
    const o = failure.observation;
    const status = o.status !== undefined ? `HTTP ${o.status}` : o.closeCode !== undefined ? `socket closed ${o.closeCode}` : o.dropped ? 'nothing' : 'socket open';
    lines.push(`  reply: ${status} after ${o.ms} ms: ${clip(o.text, 600)}`);
    const logged = o.serverLog?.split('\n').find((line) => line.includes('unexpected error'));
    if (logged) lines.push(`  server logged: ${clip(logged, 300)}`);
  }
  if (target.logFile) lines.push(`  server log: ${target.logFile}`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  const selected = PROPERTIES.filter(([name]) => !only || only.includes(name));
  if (!selected.length) throw new Error(`FUZZ_ONLY names none of: ${PROPERTIES.map(([name]) => name).join(', ')}`);
  console.log(`fuzz: seed ${seed}, ${numRuns} runs per property${ci ? ' (ci)' : ''}`);
  const target = await startTarget(env);
  // Ctrl-C still stops the server and drops its database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void target.stop(true).finally(() => process.exit(130)));
  }
  const failures: Failure[] = [];
  const started = performance.now();
  let fuzzer: Fuzzer | undefined;
  try {
    for (const [name, generator] of selected) {
      const propertyStarted = performance.now();
      fuzzer = await signIn(target, fuzzer);
      const found = await runProperty(target, name, generator(fuzzer.ctx));
      failures.push(...found);
      // A slow case (reported, or cut off by the time budget) may still hold the server: it gets a few seconds.
      const unhealthy = await recovered(target, 10_000);
      if (unhealthy) failures.push({ property: name, problems: [`health check after the batch: ${unhealthy}`] });
      const seconds = ((performance.now() - propertyStarted) / 1000).toFixed(1);
      console.log(`${found.length || unhealthy ? '✗' : '✓'} ${name} (${seconds} s)${found.length ? `: ${found.length} symptom(s)` : ''}`);
      if (unhealthy) await settle(target);
    }
  } catch (error) {
    if (!(error instanceof ServerDown)) throw error;
    failures.push({ property: 'server', problems: [error.message] });
  } finally {
    await target.stop(failures.length > 0);
  }
  console.log(`fuzz: ${selected.length} properties in ${((performance.now() - started) / 1000).toFixed(1)} s, seed ${seed}`);
  for (const failure of failures) console.log(`\n${report(failure, target)}`);
  return failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
