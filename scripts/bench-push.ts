// `npm run bench:push`: the push-to-deploy loop on this machine, through real `git push` over HTTP to a running
// Slipway (role all, local providers). For static-site and node-rest-api: push → run started and push → the new commit
// serving at production's URL; branch delete → preview gone; promotion staging → production → serving; then a churn of
// BENCH_PUSH_BRANCHES branches (default 100) created, pushed and deleted, half of them while their deploy still runs,
// after which nothing of the previews may be left: rows, apps, images, processes, listening ports, routes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { git } from '../server/test/helpers/project-runs.js';
import { percentile, request, timedGet, until, withBenchSlipway } from './bench-common.js';

const ROUNDS = Number(process.env.BENCH_PUSH_ROUNDS ?? 5);
const BRANCHES = Number(process.env.BENCH_PUSH_BRANCHES ?? 100);
const CHURN_AT_ONCE = 4;
const SANDBOX_ID_BASE = 1_600_000_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** Everything under `dir` (files and folders), as paths relative to it. */
function walk(dir: string, prefix = ''): string[] {
  let entries: ReturnType<typeof readdirSync>;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? [relative, ...walk(path.join(dir, entry.name), relative)] : [relative];
  });
}

/** Processes running as a sandbox's user (apps and builds), and TCP ports listening on this machine. */
function machineCounts(): { sandboxProcesses: number; listening: number } {
  let sandboxProcesses = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]);
      if (uid >= SANDBOX_ID_BASE) sandboxProcesses++;
    } catch {
      // Gone meanwhile.
    }
  }
  const listening = ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((file) => readFileSync(file, 'utf8').split('\n').slice(1))
    .filter((line) => line.trim().split(/\s+/)[3] === '0A').length;
  return { sandboxProcesses, listening };
}

async function main(): Promise<void> {
  await withBenchSlipway('push', {}, async ({ base, db, dataDir }) => {
    const account = { name: 'Bench', email: 'bench-push@example.com', password: 'bench-password' };
    const { token } = await request(base, 'POST', '/auth/register', undefined, account);
    await request(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
    const call = (method: string, route: string, body?: unknown) => request(base, method, route, token, body);
    const work = dataDir;
    console.log(`load average ${load()}; ${ROUNDS} pushes per template, ${BRANCHES} branches in the churn\n`);

    /** A project made from the template, cloned; answers its git helpers. */
    async function project(template: string) {
      // node-rest-api asks for an API_KEY (its template's required variable).
      const created = await call('POST', '/projects', { name: `Push ${template}`, template_name: template, environment_variables: { API_KEY: 'bench-key' } });
      await until(`${template}'s creation`, async () => {
        const status = await call('GET', `/projects/${created.id}/status`);
        if (status.overall_status === 'failed') throw new Error(`creation of ${template} failed`);
        return status.stream_name === 'project_creation' && status.overall_status === 'completed';
      }, 600_000, 250);
      const details = await call('GET', `/projects/${created.id}`);
      const clone = path.join(work, `clone-${template}`);
      const url = new URL(details.clone_url);
      url.username = encodeURIComponent(account.email);
      url.password = encodeURIComponent(account.password);
      const inClone = (args: string[]) => git(args, clone);
      await git(['clone', '--quiet', url.href, clone], work);
      /** Commits a change on the branch and pushes it; answers the commit and when the push started. */
      const pushNow = async (branch: string, text: string) => {
        await inClone(['checkout', '--quiet', '-B', branch]);
        writeFileSync(path.join(clone, 'bench-push.txt'), `${text}\n`);
        await inClone(['add', '-A']);
        await inClone(['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '--quiet', '-m', text]);
        const sha = await inClone(['rev-parse', 'HEAD']);
        const started = performance.now();
        await inClone(['push', '--quiet', 'origin', branch]);
        return { sha, started };
      };
      // One clone: its pushes take turns (they check out and commit in it); Slipway's work on them runs side by side.
      let previous: Promise<unknown> = Promise.resolve();
      const push = (branch: string, text: string) => {
        const pushed = previous.then(() => pushNow(branch, text));
        previous = pushed.catch(() => undefined);
        return pushed;
      };
      const pushOf = (sha: string) =>
        until(`the push of ${sha.slice(0, 7)}`, async () => ((await call('GET', `/projects/${created.id}/pushes`)).pushes as any[]).find((row) => row.commit === sha && row.run_id), 120_000);
      /** Waits until the environment's active deployment is of the commit and its URL answers 200. */
      const serving = (environment: string, sha: string) =>
        until(`${environment} serving ${sha.slice(0, 7)}`, async () => {
          const body = await call('GET', `/projects/${created.id}/environments/${environment}`).catch(() => null);
          // Its health path answers (an API's / may be a 404).
          return body?.active_deployment?.version?.git_commit_sha === sha && body.url && (await timedGet(new URL('health', body.url).href)).ok ? (body.url as string) : null;
        }, 600_000);
      return { id: created.id as string, details, git: inClone, push, pushOf, serving };
    }

    const projects = new Map<string, Awaited<ReturnType<typeof project>>>();
    console.log('| template | push → run started p50 / p95 | push → serving p50 / p95 |');
    console.log('|---|---|---|');
    const figures: Record<string, { started: number; serving: number }> = {};
    for (const template of ['static-site', 'node-rest-api']) {
      const one = await project(template);
      projects.set(template, one);
      const started: number[] = [];
      const serving: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const pushed = await one.push('main', `${template} round ${round}`);
        await one.pushOf(pushed.sha);
        started.push(performance.now() - pushed.started);
        await one.serving('production', pushed.sha);
        serving.push(performance.now() - pushed.started);
      }
      started.sort((a, b) => a - b);
      serving.sort((a, b) => a - b);
      figures[template] = { started: percentile(started, 95), serving: percentile(serving, 95) };
      console.log(`| ${template} | ${seconds(percentile(started, 50))} / ${seconds(percentile(started, 95))} | ${seconds(percentile(serving, 50))} / ${seconds(percentile(serving, 95))} |`);
    }
    const worstStart = Math.max(...Object.values(figures).map((figure) => figure.started));
    console.log(`target push → run started p95 ≤ 2 s: ${verdict(worstStart <= 2000)} (${seconds(worstStart)})`);
    console.log(`target push → serving p95 ≤ 15 s (node-rest-api): ${verdict(figures['node-rest-api'].serving <= 15_000)} (${seconds(figures['node-rest-api'].serving)})`);

    // Previews and promotion, on the static site.
    const site = projects.get('static-site')!;
    const previewPush = await site.push('bench/preview', 'a preview');
    const previewName: string = (await site.pushOf(previewPush.sha)).environment;
    const previewUrl = await site.serving(previewName, previewPush.sha);
    const deleting = performance.now();
    await site.git(['push', '--quiet', 'origin', '--delete', 'bench/preview']);
    await until('the preview gone', async () => {
      const row = await call('GET', `/projects/${site.id}/environments/${previewName}`).catch(() => 'gone');
      return row === 'gone' && !(await timedGet(previewUrl)).ok;
    }, 120_000);
    const gone = performance.now() - deleting;
    console.log(`\nbranch delete → preview gone (row and URL): ${seconds(gone)}; target ≤ 10 s: ${verdict(gone <= 10_000)}`);

    await call('POST', `/projects/${site.id}/environments`, { name: 'staging', branch: 'develop', auto_deploy: true });
    const staged = await site.push('develop', 'promote me');
    await site.serving('staging', staged.sha);
    const promoting = performance.now();
    await call('POST', `/projects/${site.id}/environments/production/promote`, { from: 'staging' });
    await site.serving('production', staged.sha);
    const promoted = performance.now() - promoting;
    console.log(`promotion staging → production serving: ${seconds(promoted)}; target ≤ 10 s: ${verdict(promoted <= 10_000)}`);

    // The churn: branches pushed and deleted, CHURN_AT_ONCE at a time; every other one deleted as soon as its push is in.
    const before = machineCounts();
    const previewUrls: string[] = [];
    const appHost = new URL(site.details.deployed_url);
    let next = 0;
    let deletedWhileDeploying = 0;
    const churnStarted = performance.now();
    const worker = async () => {
      for (let index = next++; index < BRANCHES; index = next++) {
        const branch = `churn-${index}`;
        const pushed = await site.push(branch, `churn ${index}`);
        const name: string = (await site.pushOf(pushed.sha)).environment;
        previewUrls.push(`http://${appHost.hostname.replace(/^([^.]+)/, `$1-${name}`)}:${appHost.port}/`);
        if (index % 2 === 1) await site.serving(name, pushed.sha);
        else deletedWhileDeploying++;
        await site.git(['push', '--quiet', 'origin', '--delete', branch]);
      }
    };
    await Promise.all(Array.from({ length: CHURN_AT_ONCE }, worker));
    await until('every churned preview removed', async () => Number((await db.query("SELECT count(*) FROM environments WHERE kind = 'preview'")).rows[0].count) === 0, 600_000, 500);
    const churned = performance.now() - churnStarted;

    const rows = (await db.query(
      `SELECT (SELECT count(*) FROM environments WHERE kind = 'preview') AS environments,
              (SELECT count(*) FROM deployments WHERE environment LIKE 'pv-%') AS deployments,
              (SELECT count(*) FROM versions WHERE version_tag LIKE '%-pv-%') AS versions`,
    )).rows[0];
    const apps = walk(path.join(dataDir, 'cluster'), '').filter((entry) => !entry.includes(path.sep) && entry.includes('-pv-'));
    const images = walk(path.join(dataDir, 'registry')).filter((entry) => entry.includes('pv-'));
    const routes = (await Promise.all(previewUrls.map(async (url) => ((await timedGet(url)).ok ? url : null)))).filter(Boolean);
    const after = await until('sandbox processes and ports to settle', async () => {
      const now = machineCounts();
      return now.sandboxProcesses <= before.sandboxProcesses && now.listening <= before.listening ? now : null;
    }, 30_000, 500).catch(() => machineCounts());
    const leaks = {
      'preview rows (environments, deployments, versions)': Number(rows.environments) + Number(rows.deployments) + Number(rows.versions),
      'preview app folders': apps.length,
      'preview images in the registry': images.length,
      'preview URLs still answering': routes.length,
      'sandbox processes beyond those before': Math.max(0, after.sandboxProcesses - before.sandboxProcesses),
      'listening ports beyond those before': Math.max(0, after.listening - before.listening),
    };
    console.log(`\nchurn: ${BRANCHES} branches pushed and deleted (${deletedWhileDeploying} while their deploy was still on its way) in ${seconds(churned)}`);
    for (const [what, count] of Object.entries(leaks)) console.log(`  ${what}: ${count}`);
    const leaked = Object.values(leaks).reduce((sum, count) => sum + count, 0);
    console.log(`target 0 leaked: ${verdict(leaked === 0)}`);
    console.log(`load average at the end ${load()}`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
