/**
 * `npm run bench:notify`: how soon a failed deploy is told (issue 34, target p95 <= 2 s), to a webhook receiver and
 * to an SMTP server, both on 127.0.0.1 in this process (the smtp-server package; SLIPWAY_WEBHOOK_ALLOW lets the
 * webhook reach loopback). Slipway (role all) boots on a fresh database on the PostgreSQL server
 * (BENCH_DATABASE_ADMIN_URL) with a static-site project; each round deploys a version whose app crashes at start,
 * and measures from the deployment's rolled_back_at (the failure recorded) to the webhook's arrival and to the
 * email's: p50, p95 and max over the rounds (BENCH_ROUNDS, default 10).
 */
import { percentile, request, until, withBenchSlipway } from './bench-common.js';
import { startHookReceiver, startMailReceiver } from '../server/test/helpers/notification-receivers.js';
import { pushBranch } from '../server/test/helpers/project-runs.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const TARGET_MS = 2000;

const stats = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `${label.padEnd(40)} p50 ${percentile(sorted, 50).toFixed(0).padStart(6)} ms  p95 ${p95.toFixed(0).padStart(6)} ms  max ${sorted[sorted.length - 1].toFixed(0).padStart(6)} ms  ${p95 <= TARGET_MS ? 'within' : 'OVER'} ${TARGET_MS} ms at p95`,
  );
};

const hooks = await startHookReceiver();
const mail = await startMailReceiver();
try {
  await withBenchSlipway('notify', { env: { SLIPWAY_WEBHOOK_ALLOW: '127.0.0.1/32', SLIPWAY_SMTP_URL: mail.url } }, async ({ base }) => {
    const { token } = await request(base, 'POST', '/auth/register', undefined, { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'secret12' });
    await request(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });
    const hook = await request(base, 'POST', '/notifications/channels', token, { name: 'Receiver', kind: 'webhook', url: hooks.url('/failed') });
    const email = await request(base, 'POST', '/notifications/channels', token, { name: 'Mail', kind: 'email', email: 'oncall@example.com' });
    for (const channel of [hook.channel, email.channel]) await request(base, 'POST', '/notifications/rules', token, { channel_id: channel.id, events: ['deployment_failed'] });
    const created = await request(base, 'POST', '/projects', token, { name: 'Notify bench', description: 'Fails on purpose', template_name: 'static-site' });
    await until('the project', async () => ['completed', 'failed'].includes((await request(base, 'GET', `/projects/${created.id}/status`, token)).overall_status), 300_000, 250);
    const project = await request(base, 'GET', `/projects/${created.id}`, token);
    await pushBranch(project.repository_url, 'crash', { 'server.mjs': "throw new Error('DATABASE_URL is not set');\n" });
    const version = await request(base, 'POST', `/projects/${project.id}/versions`, token, { version_tag: 'v0.0.1-crash', git_branch: 'crash' });
    await until('the build', async () => (await request(base, 'GET', `/projects/${project.id}/versions/${version.id}`, token)).status === 'ready', 300_000, 250);

    const toWebhook: number[] = [];
    const toSmtp: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const deployment = await request(base, 'POST', `/projects/${project.id}/deployments`, token, { version_id: version.id });
      const [received, message] = await Promise.all([
        hooks.waitFor((candidate) => JSON.parse(candidate.body).details?.deployment_id === deployment.id),
        mail.waitFor((candidate) => candidate.raw.includes(deployment.id)),
      ]);
      const failed = await request(base, 'GET', `/projects/${project.id}/deployments/${deployment.id}`, token);
      const failedAt = new Date(failed.rolled_back_at).getTime();
      toWebhook.push(received.at - failedAt);
      toSmtp.push(message.at - failedAt);
      // The next deployment waits for this one's run to end (one deployment at a time per environment).
      await until('the run to end', async () => (await request(base, 'GET', `/projects/${project.id}/status`, token)).overall_status !== 'running', 120_000, 100);
    }
    console.log(`${ROUNDS} failed deploys (an app that crashes at start, rolled back automatically):`);
    stats('failed deploy -> webhook receiver', toWebhook);
    stats('failed deploy -> SMTP server', toSmtp);
  });
} finally {
  await hooks.close();
  await mail.close();
}
