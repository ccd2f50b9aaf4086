/**
 * `npm run bench:deploy`: what a rolling update and a rollback cost the users of a deployed app.
 *
 * A static-site project is created through the API (its creation run deploys v0.1.0), then v1.0.0 and v2.0.0
 * are built from main and v1.0.0 is deployed. A second process (child_process.fork) then sends GET requests
 * to the app's URL at Slipway's front door (`http://<app>.localhost:<port>/`, on 127.0.0.1 with that Host) at a
 * steady BENCH_RATE (default 200) per second, each on a new loopback connection,
 * while this process (a) deploys v2.0.0 (a rolling update) and (b) rolls back to the v1.0.0 deployment.
 * Reported: failed requests (an error or any status but 200) over the whole load, the p99 latency of the
 * requests sent during each switch, and each switch's time from the API call to the deployment being active
 * (targets: 0 failures, <= 3 s each).
 *
 * Slipway (role all) runs in this process on a fresh database on the PostgreSQL server
 * (BENCH_DATABASE_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/postgres), dropped at the end.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile, request as api, startLoad, steadyLoad, until, withBenchSlipway } from './bench-common.js';

const RATE = Number(process.env.BENCH_RATE) || 200;
/** The loop is bounded: with this many requests open, a tick sends nothing (counted as skipped) instead of piling up. */
const MAX_IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT) || 32;

async function main(): Promise<void> {
  await withBenchSlipway('deploy', {}, async ({ base }) => {
    const { token } = await api(base, 'POST', '/auth/register', undefined, { name: 'Bench', email: 'bench-deploy@example.com', password: 'bench-password' });
    await api(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
    const created = await api(base, 'POST', '/projects', token, { name: 'Deploy Bench', template_name: 'static-site' });
    const projectId = created.id as string;
    console.log('static-site project: creation run (repository, builds, first deployment)...');
    await until('the creation run', async () => {
      const status = await api(base, 'GET', `/projects/${projectId}/status`, token);
      if (status.overall_status === 'failed') throw new Error(`creation failed: ${JSON.stringify(status.processors.filter((step: any) => step.status === 'failed'))}`);
      return status.stream_name === 'project_creation' && status.overall_status === 'completed';
    });
    const built = async (tag: string) => {
      const version = await api(base, 'POST', `/projects/${projectId}/versions`, token, { version_tag: tag, git_branch: 'main' });
      return until(`${tag}'s build`, async () => {
        const row = await api(base, 'GET', `/projects/${projectId}/versions/${version.id}`, token);
        if (row.build_status === 'failed') throw new Error(`${tag} did not build`);
        return row.status === 'ready' && row;
      });
    };
    const v1 = await built('v1.0.0');
    const v2 = await built('v2.0.0');
    const deployment = (id: string) => api(base, 'GET', `/projects/${projectId}/deployments/${id}`, token);
    const active = (id: string) => until(`deployment ${id} to be active`, async () => {
      const row = await deployment(id);
      if (row.status === 'rolled_back' || row.status === 'archived') throw new Error(`deployment failed: ${row.error_message}`);
      return row.status === 'active' && row;
    });
    const first = await api(base, 'POST', `/projects/${projectId}/deployments`, token, { version_id: v1.id, deployment_strategy: 'rolling' });
    await active(first.id);
    const project = await api(base, 'GET', `/projects/${projectId}`, token);
    const url = project.deployed_url as string;
    console.log(`v1.0.0 serves ${url}; load: ${RATE} requests/s from a second process`);

    const load = await startLoad(url);
    await sleep(2000);

    const windows: Array<{ name: string; from: number; to: number }> = [];
    const steps: string[] = [];
    /** The latest run's steps (the deployment run just finished): how long each took. */
    const stepTimes = async (name: string) => {
      const status = await until('the deployment run to end', async () => {
        const latest = await api(base, 'GET', `/projects/${projectId}/status`, token);
        return latest.overall_status !== 'running' && latest;
      });
      const took = (step: any) => (step.started_at && step.completed_at ? `${new Date(step.completed_at).getTime() - new Date(step.started_at).getTime()} ms` : '-');
      return `${name}: ${status.processors.map((step: any) => `${step.processor_name} ${took(step)}`).join(', ')}`;
    };
    let t = Date.now();
    const second = await api(base, 'POST', `/projects/${projectId}/deployments`, token, { version_id: v2.id, deployment_strategy: 'rolling' });
    await active(second.id);
    windows.push({ name: 'rolling update v1.0.0 -> v2.0.0', from: t, to: Date.now() });
    steps.push(await stepTimes('rolling update'));
    await sleep(2000);

    t = Date.now();
    await api(base, 'POST', `/projects/${projectId}/deployments/${second.id}/rollback`, token, { target_deployment_id: first.id, reason: 'Benchmark rollback' });
    // The rollback is a deployment of its own, restoring the first one.
    const [restoring] = (await api(base, 'GET', `/projects/${projectId}/deployments?limit=1`, token)).deployments;
    if (restoring?.restores_deployment_id !== first.id) throw new Error('the rollback made no deployment restoring v1.0.0');
    await active(restoring.id);
    windows.push({ name: 'rollback to v1.0.0', from: t, to: Date.now() });
    steps.push(await stepTimes('rollback'));
    await sleep(2000);

    const { samples, skipped } = await load.stop();
    const failures = samples.filter((sample) => !sample.ok);
    const seconds = (samples.at(-1)!.at - samples[0].at) / 1000;
    console.log(`\nrequests sent: ${samples.length} over ${seconds.toFixed(1)} s (${(samples.length / seconds).toFixed(0)}/s; ${skipped} ticks skipped with ${MAX_IN_FLIGHT} open); failed: ${failures.length}`);
    for (const failure of failures.slice(0, 10)) console.log(`  failed at ${new Date(failure.at).toISOString()}: ${failure.detail}`);
    const steady = samples.filter((sample) => windows.every((window) => sample.at < window.from || sample.at > window.to)).map((sample) => sample.ms).sort((a, b) => a - b);
    console.log('\nmeasure                              time to active   requests   failed   p50 ms   p99 ms   max ms');
    console.log(`steady load (outside the switches)                      ${String(steady.length).padStart(8)}   ${'-'.padStart(6)}  ${percentile(steady, 50).toFixed(1).padStart(7)}  ${percentile(steady, 99).toFixed(1).padStart(7)}  ${steady.at(-1)!.toFixed(1).padStart(7)}`);
    for (const window of windows) {
      const during = samples.filter((sample) => sample.at >= window.from && sample.at <= window.to);
      const times = during.map((sample) => sample.ms).sort((a, b) => a - b);
      console.log(
        `${window.name.padEnd(36)} ${((window.to - window.from) / 1000).toFixed(2).padStart(8)} s   ${String(during.length).padStart(8)}   ${String(during.filter((sample) => !sample.ok).length).padStart(6)}  ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 99).toFixed(1).padStart(7)}  ${times.at(-1)!.toFixed(1).padStart(7)}`,
      );
    }
    console.log(`\n${steps.join('\n')}`);
    console.log(`\ntarget 0 failed requests: ${failures.length === 0 ? 'met' : 'NOT met'}`);
    for (const window of windows) console.log(`target ${window.name} <= 3 s: ${window.to - window.from <= 3000 ? 'met' : 'NOT met'}`);
  });
}

(process.argv.includes('--load') ? steadyLoad(RATE, MAX_IN_FLIGHT) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
