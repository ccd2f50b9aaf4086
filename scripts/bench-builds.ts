/**
 * `npm run bench:builds`: what version builds cost on the local builder.
 *
 * (a) Build times per template (every template in templates/ with a build command): a project is created from the
 *     template (its creation run builds and tags v0.1.0: the first build of its commit, "cold"), then version
 *     v1.0.0 of the same commit is created and built ("warm": the tools, the repository and the files are in the
 *     OS's caches; the local builder keeps no build cache between builds, each gets a fresh scratch directory).
 *     Each is the version's build_started_at to build_completed_at (the build step: export, build command, pack,
 *     push); "warm run" is the whole version_build run, from POST /versions to the version being ready.
 * (b) Live log delivery: a static-site branch whose build prints a line with its own clock (Date.now()) every
 *     BENCH_LOG_INTERVAL_MS (default 50) for BENCH_LOG_LINES lines (default 200); a graphql-ws subscriber of
 *     versionBuild notes when each line first arrives in the snapshot's logTail. Latency = arrival - printed
 *     (one machine, one clock). Target: p95 <= 200 ms.
 * (c) Tail of a 50 MB build log: a version's log file replaced by 50 MB of lines (the builder itself passes at most
 *     5,000 lines of 2,000 characters, so no build writes one this big), then GET .../build/logs?tail=N timed
 *     (BENCH_TAIL_ROUNDS rounds, default 20, for N = 200 and 10,000), and the server's RSS growth meanwhile
 *     (the requirement: served without reading the file whole into memory).
 *
 * Slipway (role all) runs in this process on a fresh database on the PostgreSQL server (BENCH_DATABASE_ADMIN_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres) and a fresh data directory; both are removed at the end.
 */
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { percentile, request, until, withBenchSlipway } from './bench-common.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOG_LINES = Number(process.env.BENCH_LOG_LINES) || 200;
const LOG_INTERVAL_MS = Number(process.env.BENCH_LOG_INTERVAL_MS) || 50;
const TAIL_ROUNDS = Number(process.env.BENCH_TAIL_ROUNDS) || 20;
const BIG_LOG_BYTES = 50 * 1024 * 1024;
const run = promisify(execFile);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `git` with an argument vector (no shell). */
async function git(args: string[], cwd?: string): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: { PATH: process.env.PATH, HOME: tmpdir(), GIT_TERMINAL_PROMPT: '0' } });
  return stdout.trim();
}

/** The templates whose slipway.json has a build command, with the environment their required variables need. */
function buildingTemplates(): Array<{ name: string; environment: Record<string, string> }> {
  const dir = path.join(ROOT, 'templates');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'files', 'slipway.json')))
    .filter((entry) => Array.isArray(JSON.parse(readFileSync(path.join(dir, entry.name, 'files', 'slipway.json'), 'utf8')).build))
    .map((entry) => {
      const template = JSON.parse(readFileSync(path.join(dir, entry.name, 'template.json'), 'utf8')) as {
        environment_variables?: Array<{ name: string; required: boolean; default_value: string }>;
      };
      const environment = Object.fromEntries(
        (template.environment_variables ?? []).filter((variable) => variable.required && !variable.default_value).map((variable) => [variable.name, `bench-${variable.name.toLowerCase()}-value`]),
      );
      return { name: entry.name, environment };
    });
}

async function main(): Promise<void> {
  await withBenchSlipway('builds', {}, async ({ base, db, dataDir }) => {
    const { token } = await request(base, 'POST', '/auth/register', undefined, { name: 'Bench', email: 'bench-builds@example.com', password: 'bench-password' });
    await request(base, 'PUT', '/settings/GITHUB_ORGANIZATION', token, { value: 'bench' });

    const versionRow = async (versionId: string) =>
      (
        await db.query(
          `SELECT status, build_status, extract(epoch FROM build_started_at) * 1000 AS started, extract(epoch FROM build_completed_at) * 1000 AS completed FROM versions WHERE id = $1`,
          [versionId],
        )
      ).rows[0] as { status: string; build_status: string; started: number; completed: number };
    const untilBuilt = (versionId: string) =>
      until(`version ${versionId} to finish building`, async () => {
        const row = await versionRow(versionId);
        return (row.status === 'ready' || row.build_status === 'failed' || row.build_status === 'cancelled') && row;
      }, 600_000, 20);
    const untilCreated = (projectId: string) =>
      until(`project ${projectId} to finish its creation`, async () => {
        const { rows } = await db.query(`SELECT status FROM pipeline_runs WHERE project_id = $1 AND stream_name = 'project_creation'`, [projectId]);
        return rows[0]?.status !== 'running' && (rows[0]?.status as string | undefined);
      }, 600_000, 100);

    // ------------------------------------------------------------ (a) build times per template
    const builds: Array<{ template: string; cold: number; warm: number; warmRun: number }> = [];
    const projects: Record<string, { id: string; repositoryUrl: string }> = {};
    for (const template of buildingTemplates()) {
      process.stdout.write(`${template.name}: creating the project... `);
      const project = await request(base, 'POST', '/projects', token, { name: `Bench ${template.name}`, template_name: template.name, environment_variables: template.environment });
      const status = await untilCreated(project.id);
      if (status !== 'completed') {
        console.log(`its creation run ended ${status}; skipped`);
        continue;
      }
      const first = (await db.query(`SELECT id FROM versions WHERE project_id = $1 AND version_tag = 'v0.1.0'`, [project.id])).rows[0].id as string;
      const cold = await versionRow(first);
      const posted = Date.now();
      const warmVersion = await request(base, 'POST', `/projects/${project.id}/versions`, token, { version_tag: 'v1.0.0', git_branch: 'main' });
      const warm = await untilBuilt(warmVersion.id);
      const warmRun = Date.now() - posted;
      if (warm.status !== 'ready') throw new Error(`${template.name}: v1.0.0 ended ${warm.build_status}`);
      builds.push({ template: template.name, cold: cold.completed - cold.started, warm: warm.completed - warm.started, warmRun });
      projects[template.name] = { id: project.id, repositoryUrl: (await request(base, 'GET', `/projects/${project.id}`, token)).repository_url };
      console.log('done');
    }

    // ------------------------------------------------------------ (b) live log delivery
    const site = projects['static-site'];
    if (!site) throw new Error('the static-site project is needed for the log measurements');
    const clone = mkdtempSync(path.join(tmpdir(), 'slipway-bench-clone-'));
    try {
      await git(['clone', '--quiet', site.repositoryUrl, clone]);
      await git(['checkout', '--quiet', '-b', 'chatty'], clone);
      await git(['mv', 'build.mjs', 'build-site.mjs'], clone);
      writeFileSync(
        path.join(clone, 'build.mjs'),
        [
          '// Prints numbered lines stamped with the clock, then builds the site.',
          'await new Promise((resolve) => setTimeout(resolve, 2000));',
          `for (let line = 0; line < ${LOG_LINES}; line += 1) {`,
          '  console.log(`BENCH-LINE ${line} ${Date.now()}`);',
          `  await new Promise((resolve) => setTimeout(resolve, ${LOG_INTERVAL_MS}));`,
          '}',
          "await import('./build-site.mjs');",
          '',
        ].join('\n'),
      );
      await git(['add', '-A'], clone);
      await git(['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '--quiet', '-m', 'Chatty build'], clone);
      await git(['push', '--quiet', 'origin', 'chatty'], clone);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
    const chatty = await request(base, 'POST', `/projects/${site.id}/versions`, token, { version_tag: 'v2.0.0', git_branch: 'chatty' });
    const arrivals = new Map<number, number>();
    const client = createClient({ url: `${base.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
    const latencies: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const stop = client.subscribe(
        { query: 'subscription ($id: ID!) { versionBuild(versionId: $id) { version { status buildStatus } logTail } }', variables: { id: chatty.id } },
        {
          next: ({ data, errors }) => {
            const arrived = Date.now();
            if (errors) return reject(new Error(JSON.stringify(errors)));
            const build = (data as { versionBuild: { version: { status: string; buildStatus: string }; logTail: string } }).versionBuild;
            for (const match of build.logTail.matchAll(/^BENCH-LINE (\d+) (\d+)$/gm)) {
              const line = Number(match[1]);
              if (arrivals.has(line)) continue;
              arrivals.set(line, arrived);
              latencies.push(arrived - Number(match[2]));
            }
            if (build.version.status === 'ready' || ['failed', 'cancelled'].includes(build.version.buildStatus)) {
              stop();
              resolve();
            }
          },
          error: reject,
          complete: () => resolve(),
        },
      );
    });
    await client.dispose();
    latencies.sort((a, b) => a - b);

    // ------------------------------------------------------------ (c) tail of a 50 MB log
    const logFile = path.join(dataDir, 'build-logs', site.id, `${chatty.id}.log`);
    mkdirSync(path.dirname(logFile), { recursive: true });
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(logFile);
      out.on('error', reject);
      let written = 0;
      let line = 0;
      const pad = 'x'.repeat(100);
      const write = () => {
        while (written < BIG_LOG_BYTES) {
          const text = `line ${line} of a long build log ${pad}\n`;
          line += 1;
          written += text.length;
          if (!out.write(text)) return void out.once('drain', write);
        }
        out.end(resolve);
      };
      write();
    });
    const tails: Array<{ lines: number; times: number[]; rssGrowth: number }> = [];
    for (const lines of [200, 10_000]) {
      const times: number[] = [];
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      for (let round = 0; round < TAIL_ROUNDS; round += 1) {
        const started = performance.now();
        const body = await request(base, 'GET', `/projects/${site.id}/versions/${chatty.id}/build/logs?tail=${lines}`, token);
        times.push(performance.now() - started);
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        const got = (body.logs as string).split('\n');
        if (got.length !== lines || !got.at(-1)!.startsWith('line ')) throw new Error(`tail=${lines} answered ${got.length} lines`);
      }
      tails.push({ lines, times: times.sort((a, b) => a - b), rssGrowth: rssPeak - rssBefore });
    }

    // ------------------------------------------------------------ the report
    console.log('\nBuilds on the local builder (build step: export, build command, pack, push)');
    console.log('template            cold (v0.1.0)   warm (v1.0.0)   warm run (POST to ready)');
    for (const row of builds) console.log(`${row.template.padEnd(20)}${seconds(row.cold).padStart(13)}${seconds(row.warm).padStart(16)}${seconds(row.warmRun).padStart(20)}`);
    console.log(`\nLive build log, printed by the build -> graphql-ws versionBuild subscriber (${latencies.length}/${LOG_LINES} lines seen)`);
    console.log(`p50 ${percentile(latencies, 50)} ms   p95 ${percentile(latencies, 95)} ms   max ${latencies.at(-1)} ms   (target p95 <= 200 ms: ${percentile(latencies, 95) <= 200 ? 'met' : 'NOT met'})`);
    console.log(`\nGET .../build/logs?tail=N of a ${BIG_LOG_BYTES / 1024 / 1024} MB log (${TAIL_ROUNDS} rounds each)`);
    for (const tail of tails) {
      console.log(
        `tail=${String(tail.lines).padEnd(6)} p50 ${percentile(tail.times, 50).toFixed(1)} ms   p95 ${percentile(tail.times, 95).toFixed(1)} ms   max ${tail.times.at(-1)!.toFixed(1)} ms   RSS growth ${(tail.rssGrowth / 1024 / 1024).toFixed(1)} MB`,
      );
    }
    // Reading the log whole would hold at least its 50 MB in the server's memory (this process).
    const wholeRead = tails.some((tail) => tail.rssGrowth >= BIG_LOG_BYTES);
    console.log(`target tail served without reading the ${BIG_LOG_BYTES / 1024 / 1024} MB log whole (RSS growth below its size): ${wholeRead ? 'NOT met' : 'met'}`);
  });
}

await main();
process.exit(0);
