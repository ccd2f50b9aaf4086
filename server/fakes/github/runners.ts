import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import * as tar from 'tar';
import { commitImageTag, versionImageTag } from '../../src/providers/builder/image-tags.js';
import { DockerHubRegistry } from '../../src/providers/registry/dockerhub-registry.js';
import type { FakeRunner, FakeRunnerJob } from './actions.js';

/** Where the runner's commands find their tools: Node's own directory, then the system's. */
const RUNNER_PATH = [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter);

export interface CommandRunnerOptions {
  /**
   * The build's argument vector for a job; by default the "build" of the slipway.json at the repository's root (as
   * every template's workflow runs its tests and build), or none when there is no such file.
   */
  command?: (job: FakeRunnerJob, signal: AbortSignal) => Promise<string[] | null> | string[] | null;
  /**
   * What the workflow does after a successful build (the templates' workflows build and push an image): e.g. pack
   * job.workdir and push it to the (fake) Docker Hub. Throwing fails the job.
   */
  publish?: (job: FakeRunnerJob, log: (line: string) => void, signal: AbortSignal) => Promise<void>;
}

/**
 * A runner that does what a template's workflow does, without Docker: runs the build command in the checked-out
 * tree (an argument vector in its own process group, killed on cancellation), printing "Process completed with exit
 * code N." on failure as GitHub's runner does, then publishes. The default runner of the fake GitHub.
 */
export function commandRunner(options: CommandRunnerOptions = {}): FakeRunner {
  return async (job, log, signal) => {
    const argv = options.command ? await options.command(job, signal) : await slipwayBuild(job.workdir);
    if (signal.aborted) return 'failure';
    if (argv && argv.length > 0) {
      job.step('Run build');
      log(`##[group]Run ${argv.join(' ')}`);
      log('##[endgroup]');
      const code = await runCommand(argv, job.workdir, log, signal);
      if (code !== 0) {
        log(`##[error]Process completed with exit code ${code}.`);
        return 'failure';
      }
    }
    if (options.publish) {
      job.step('Build and push image');
      await options.publish(job, log, signal);
    }
    return 'success';
  };
}

async function slipwayBuild(workdir: string): Promise<string[] | null> {
  const text = await readFile(path.join(workdir, 'slipway.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  const build = (JSON.parse(text) as { build?: unknown }).build;
  return Array.isArray(build) && build.every((part) => typeof part === 'string') ? build : null;
}

/** Runs argv in cwd; answers its exit code (127 when it could not start, 137 when killed). */
function runCommand(argv: string[], cwd: string, log: (line: string) => void, signal: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), {
      cwd,
      env: { PATH: RUNNER_PATH, HOME: cwd, CI: 'true', GITHUB_ACTIONS: 'true' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    signal.addEventListener('abort', kill, { once: true });
    const lines = () => {
      const decoder = new StringDecoder('utf8');
      let partial = '';
      return {
        write(chunk: Buffer) {
          const parts = (partial + decoder.write(chunk)).split('\n');
          partial = parts.pop() ?? '';
          for (const part of parts) log(part);
        },
        end() {
          const rest = partial + decoder.end();
          if (rest) log(rest);
        },
      };
    };
    const out = lines();
    const err = lines();
    child.stdout.on('data', (chunk: Buffer) => out.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.write(chunk));
    let failedToStart = false;
    child.on('error', (error: NodeJS.ErrnoException) => {
      failedToStart = true;
      log(`##[error]${error.code === 'ENOENT' ? `${argv[0]}: command not found` : `could not start ${argv[0]}`}`);
    });
    child.on('exit', () => kill());
    child.on('close', (code, signalName) => {
      signal.removeEventListener('abort', kill);
      out.end();
      err.end();
      resolve(failedToStart ? 127 : (code ?? (signalName ? 137 : 1)));
    });
  });
}

/**
 * The templates' image steps (docker/login-action, docker/metadata-action, docker/build-push-action) for the fakes,
 * without Docker: logs in with the repository's DOCKER_USERNAME and DOCKER_TOKEN secrets and pushes the checked-out
 * tree as a one-layer image to DOCKER_USERNAME/<repository> on the (fake) Docker Hub, with the workflow's tags: the
 * git tag on a tag push, sha-<7 hex> always, latest on the default branch (main).
 */
export function dockerHubPublisher(options: { registryUrl: string; hubUrl: string }): NonNullable<CommandRunnerOptions['publish']> {
  return async (job, log) => {
    const username = job.secrets.DOCKER_USERNAME;
    const token = job.secrets.DOCKER_TOKEN;
    if (!username || !token) throw new Error('Username and password required');
    const registry = new DockerHubRegistry({ username, token, registryUrl: options.registryUrl, hubUrl: options.hubUrl });
    const repository = `${username.toLowerCase()}/${job.repo.toLowerCase()}`;
    const tags = [
      ...(job.ref.startsWith('refs/tags/') ? [versionImageTag(job.ref.slice('refs/tags/'.length))] : []),
      commitImageTag(job.sha),
      ...(job.ref === 'refs/heads/main' ? ['latest'] : []),
    ];
    const dir = await mkdtemp(path.join(tmpdir(), 'slipway-fake-image-'));
    try {
      const file = path.join(dir, 'image.tar.gz');
      await tar.create({ gzip: true, file, cwd: job.workdir, portable: true }, ['.']);
      for (const tag of tags) {
        const artifact = await registry.push({ repository, tag }, file);
        log(`pushed ${artifact.url}@${artifact.digest}`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
