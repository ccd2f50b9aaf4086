/**
 * `npm run bench:canary`: canary releases in local mode under a steady load (docs/pipelines.md#canary-releases).
 *
 * A static-site project is created through the API and a commit deployed to production; two more versions are built
 * from branches: one that answers 200, one that answers 500 (its health check passes). A second process sends GET
 * requests to the app at Slipway's front door at a steady BENCH_RATE (default 100) per second, each on a new
 * connection. Then: a canary of the good version goes 10 → 50 → 100 % (steps held BENCH_CANARY_STEP_SECONDS,
 * default 10) and is promoted; a canary of the bad version is aborted by its gate; a commit whose app crash-loops is
 * pushed to main and rolled back (bench:rollback's measure). Reported: failed requests during the canary that
 * completes (target 0), the time from the bad canary's first failed answer to its last one, after which all traffic
 * is on stable (target <= 10 s), the share of requests that reached the bad canary before the abort, and the time
 * from the crash loop's first crash to the rollback serving (target <= 30 s), with the load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadProcess, request as api, type Sample, startLoad, until, withBenchSlipway } from './bench-common.js';
import { benchProject, body, crashLoopToRollback } from './bench-rollback.js';

const RATE = Number(process.env.BENCH_RATE) || 100;
const MAX_IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT) || 32;
const STEP_SECONDS = Number(process.env.BENCH_CANARY_STEP_SECONDS) || 10;

const answeredAt = (sample: Sample) => sample.at + sample.ms;

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'slipway-bench-canary-'));
  try {
    await withBenchSlipway('canary', {}, async ({ base }) => {
      const bench = await benchProject(base, work, 'Canary');
      const { token, projectId, url } = bench;
      const deployments = `/projects/${projectId}/deployments`;
      const stable = await bench.push('stable one', false);
      await bench.deploymentOf(stable, (row) => row.status === 'active');
      await until('the stable version to answer', async () => (await body(url)) === 'stable one');

      /** A version built from a branch whose app answers `text` with `status`. */
      const version = async (tag: string, text: string, status: number) => {
        await bench.push(text, false, `bench-${tag.replaceAll('.', '-')}`, status);
        const created = await api(base, 'POST', `/projects/${projectId}/versions`, token, { version_tag: tag, git_branch: `bench-${tag.replaceAll('.', '-')}` });
        return until(`${tag} to build`, async () => {
          const built = await api(base, 'GET', `/projects/${projectId}/versions/${created.id}`, token);
          if (built.build_status === 'failed') throw new Error(`${tag} failed to build`);
          return built.status === 'ready' && built;
        });
      };
      const good = await version('v5.0.0', 'canary one', 200);
      const bad = await version('v6.0.0', 'broken', 500);
      /** Deploys a canary of the version and answers it once it ended (and its run is over). */
      const canary = async (versionId: string, stepSeconds: number) => {
        const started = await api(base, 'POST', deployments, token, { version_id: versionId, deployment_strategy: 'canary', canary_step_seconds: stepSeconds });
        const ended = await until('the canary to end', async () => {
          const row = await api(base, 'GET', `${deployments}/${started.id}`, token);
          return !['pending', 'deploying'].includes(row.status) && row;
        }, 600_000, 50);
        await until('its run to end', async () => (await api(base, 'GET', `/projects/${projectId}/status`, token)).overall_status !== 'running');
        return ended;
      };

      console.log(`stable one serves ${url}; load: ${RATE} requests/s from a second process`);
      const load = await startLoad(url, RATE, MAX_IN_FLIGHT);
      await sleep(2000);

      const completeFrom = Date.now();
      const completed = await canary(good.id, STEP_SECONDS);
      const completeTo = Date.now();
      if (completed.status !== 'active') throw new Error(`the good canary ended ${completed.status}: ${completed.error_message}`);
      console.log(`good canary: 10 → 50 → 100 % held ${STEP_SECONDS} s each, promoted`);
      await sleep(2000);

      const badFrom = Date.now();
      const aborted = await canary(bad.id, 60);
      const badTo = Date.now();
      console.log(`bad canary: ${aborted.status}; ${aborted.rollback_reason}`);
      await sleep(2000);

      const crashFrom = Date.now();
      const crash = await crashLoopToRollback(base, bench, 'canary one');
      await sleep(2000);
      const { samples, skipped } = await load.stop();
      const load1 = loadavg()[0];

      const seconds = (samples.at(-1)!.at - samples[0].at) / 1000;
      const inCompleted = samples.filter((sample) => sample.at >= completeFrom && sample.at <= completeTo);
      const badAnswers = samples.filter((sample) => sample.at >= badFrom && sample.at <= badTo && sample.detail === 'status 500');
      const firstBad = Math.min(...badAnswers.map(answeredAt));
      const lastBad = Math.max(...badAnswers.map(answeredAt));
      const beforeAbort = samples.filter((sample) => answeredAt(sample) >= firstBad && answeredAt(sample) <= lastBad);
      const crashLoop = samples.filter((sample) => sample.at >= crashFrom && sample.at <= crash.servedAgain);
      const otherFailures = samples.filter((sample) => !sample.ok && !badAnswers.includes(sample) && !crashLoop.includes(sample));

      console.log(`\nrequests sent: ${samples.length} over ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(0)}/s; ${skipped} ticks skipped with ${MAX_IN_FLIGHT} open); load average (1 min) at the end: ${load1.toFixed(2)}`);
      console.log(`canary that completes: ${inCompleted.length} requests over ${((completeTo - completeFrom) / 1000).toFixed(1)} s, failed: ${inCompleted.filter((sample) => !sample.ok).length} (target 0)`);
      console.log(`bad canary's error spike -> all traffic on stable: ${((lastBad - firstBad) / 1000).toFixed(1)} s (target <= 10 s: ${lastBad - firstBad <= 10_000 ? 'met' : 'NOT met'})`);
      console.log(`requests that reached the bad canary before the abort: ${badAnswers.length} of ${beforeAbort.length} (${((100 * badAnswers.length) / Math.max(1, beforeAbort.length)).toFixed(1)} %)`);
      console.log(`crash loop's first crash -> rollback serving: ${((crash.servedAgain - crash.crashedAt) / 1000).toFixed(1)} s (target <= 30 s: ${crash.servedAgain - crash.crashedAt <= 30_000 ? 'met' : 'NOT met'}); ${crash.rollbackReason}`);
      console.log(`failed requests while the crash-looping version was live: ${crashLoop.filter((sample) => !sample.ok).length} of ${crashLoop.length}`);
      console.log(`other failed requests: ${otherFailures.length}`);
      for (const failure of otherFailures.slice(0, 10)) console.log(`  ${new Date(failure.at).toISOString()}: ${failure.detail}`);
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

(process.argv.includes('--load') ? loadProcess() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
