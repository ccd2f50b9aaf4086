/**
 * `npm run bench:rollback`: how long a crash-looping deployment hurts the users of an app before the automatic
 * rollback serves the previous one (continuous health, docs/operations.md#continuous-health).
 *
 * A static-site project is created through the API; a commit is pushed to main over git's HTTP protocol and deployed
 * to production (auto-rollback on), then a second process sends GET requests to the app's URL at Slipway's front
 * door at a steady BENCH_RATE (default 100) per second, each on a new connection, and a commit whose app passes its
 * first health check and exits 3 s later (every time it is restarted) is pushed. Reported: the time from the first
 * crash (the cluster's log line) to the first request the restored deployment answers (target <= 30 s), and the
 * failed requests (an error or any status but 200) in between and over the whole load. Slipway runs with its default
 * health check interval (15 s; crashes looked at every 5 s), on a fresh database on the PostgreSQL server
 * (BENCH_DATABASE_ADMIN_URL), dropped at the end.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { crashableServer, git } from '../server/test/helpers/project-runs.js';
import { request as api, startLoad, steadyLoad, until, withBenchSlipway } from './bench-common.js';

const RATE = Number(process.env.BENCH_RATE) || 100;
const MAX_IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT) || 32;

/** The body of one GET at Slipway's front door (Host: the app's name), or null when it did not answer 200. */
function body(url: string): Promise<string | null> {
  const target = new URL(url);
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port: target.port, path: '/', headers: { host: target.host }, agent: false, timeout: 5000 }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve(res.statusCode === 200 ? text : null));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve(null));
    req.end();
  });
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'slipway-bench-rollback-'));
  const clone = path.join(work, 'clone');
  try {
    await withBenchSlipway('rollback', {}, async ({ base }) => {
      const account = { name: 'Bench', email: 'bench-rollback@example.com', password: 'bench-password' };
      const { token } = await api(base, 'POST', '/auth/register', undefined, account);
      await api(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
      const created = await api(base, 'POST', '/projects', token, { name: 'Rollback Bench', template_name: 'static-site' });
      const projectId = created.id as string;
      console.log('static-site project: creation run...');
      await until('the creation run', async () => {
        const status = await api(base, 'GET', `/projects/${projectId}/status`, token);
        if (status.overall_status === 'failed') throw new Error('the creation run failed');
        return status.stream_name === 'project_creation' && status.overall_status === 'completed';
      });
      const project = await api(base, 'GET', `/projects/${projectId}`, token);
      const cloneUrl = new URL(project.clone_url.replace('localhost', '127.0.0.1'));
      cloneUrl.username = encodeURIComponent(account.email);
      cloneUrl.password = encodeURIComponent(account.password);
      await git(['clone', '--quiet', cloneUrl.href, clone], work);
      const push = async (text: string, crashes: boolean) => {
        writeFileSync(path.join(clone, 'server.mjs'), crashableServer(text, crashes));
        await git(['add', '-A'], clone);
        await git(['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '--quiet', '-m', text], clone);
        await git(['push', '--quiet', 'origin', 'main'], clone);
        return git(['rev-parse', 'HEAD'], clone);
      };
      const deploymentOf = async (sha: string, check: (row: any) => boolean) => {
        let rows: any[] = [];
        return until(`the deployment of ${sha.slice(0, 7)}`, async () => {
          rows = (await api(base, 'GET', `/projects/${projectId}/deployments?limit=20`, token)).deployments;
          return rows.find((row: any) => row.version?.git_commit_sha === sha && check(row));
        }).catch((error: unknown) => {
          console.log(JSON.stringify(rows.map((row: any) => [row.version?.version_tag, row.status, row.activated_at, row.health_failure, row.error_message])));
          throw error;
        });
      };
      const url = project.deployed_url as string;

      const good = await push('good one', false);
      await deploymentOf(good, (row) => row.status === 'active');
      await until('the good version to answer', async () => (await body(url)) === 'good one');
      console.log(`the good version serves ${url}; load: ${RATE} requests/s from a second process`);

      const load = await startLoad(url);
      await sleep(2000);

      // Every 50 ms, what the URL answers: the restored (good) version's first answer after the first crash is the end.
      const answers: Array<{ at: number; text: string | null }> = [];
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const at = Date.now();
          answers.push({ at, text: await body(url) });
          await sleep(50);
        }
      })();
      const bad = await push('bad one', true);
      const badDeployment = await deploymentOf(bad, (row) => row.activated_at !== null);
      console.log('the crashing version went live; waiting for the automatic rollback...');
      const marked = await deploymentOf(bad, (row) => row.status === 'rolled_back');
      await until('the good version to answer again', async () => answers.at(-1)?.text === 'good one', 120_000, 50).catch(async (error: unknown) => {
        const { deployments } = await api(base, 'GET', `/projects/${projectId}/deployments?limit=20`, token);
        console.log(JSON.stringify({ answers: answers.slice(-3), deployments: deployments.map((row: any) => [row.version?.version_tag, row.status, row.health_failure, row.error_message]) }));
        throw error;
      });
      polling = false;
      await poller;
      const { logs } = await api(base, 'GET', `/projects/${projectId}/deployments/${badDeployment.id}/logs?tail=200`, token);
      const firstCrash = logs.find((line: any) => /exited with code 4/.test(line.line));
      if (!firstCrash?.at) throw new Error('no crash in the app log');
      const crashedAt = new Date(firstCrash.at).getTime();
      const servedAgain = answers.find((answer) => answer.at > crashedAt && answer.text === 'good one')?.at;
      if (!servedAgain) throw new Error('the good version never answered after the crash');
      await sleep(2000);
      const { samples, skipped } = await load.stop();

      const failures = samples.filter((sample) => !sample.ok);
      const during = samples.filter((sample) => sample.at >= crashedAt && sample.at <= servedAgain);
      const seconds = (samples.at(-1)!.at - samples[0].at) / 1000;
      console.log(`\nhealth failure: ${marked.health_failure}; history row: ${marked.rollback_reason}`);
      console.log(`requests sent: ${samples.length} over ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(0)}/s; ${skipped} ticks skipped with ${MAX_IN_FLIGHT} open); failed: ${failures.length}`);
      console.log(`first crash -> rollback serving: ${((servedAgain - crashedAt) / 1000).toFixed(1)} s (target <= 30 s: ${servedAgain - crashedAt <= 30_000 ? 'met' : 'NOT met'})`);
      console.log(`requests in that time: ${during.length}, failed: ${during.filter((sample) => !sample.ok).length}`);
      const kinds = new Map<string, number>();
      for (const failure of failures) kinds.set(failure.detail ?? '?', (kinds.get(failure.detail ?? '?') ?? 0) + 1);
      for (const [kind, count] of kinds) console.log(`  ${count} x ${kind}`);
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

(process.argv.includes('--load') ? steadyLoad(RATE, MAX_IN_FLIGHT) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
