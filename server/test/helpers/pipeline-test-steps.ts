import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { StepStatus } from '../../src/pipelines/pipeline-step.entity.js';
import { defineStep, StepFailure } from '../../src/pipelines/steps.js';

/**
 * Steps for tests of what surrounds the engine (status, subscriptions, processes): they touch nothing
 * outside but their own files. Gates live in the memory of the process running the step, so only a test whose worker
 * is its own process (role all) may use them; `quick` and the file gate work in any worker.
 */
let gateOpen = false;
let failing = true;

/** Lets `gate` finish (and from then on pass at once); closes it again with false. */
export function setGate(open: boolean): void {
  gateOpen = open;
}

/** Makes `failsOnce` fail (true) or succeed (false). */
export function setFailing(value: boolean): void {
  failing = value;
}

const quickStep = (id: string) =>
  defineStep({
    id,
    label: 'Quick',
    description: 'Takes a moment',
    icon: 'code',
    timeoutSeconds: 10,
    substeps: [{ name: 'work', description: 'Some work' }],
    async run(ctx) {
      await sleep(100);
      await ctx.logger.info('quick work done');
      await ctx.substep('work', StepStatus.completed, 'Done');
    },
  });

export const quick = quickStep('test-quick');
export const quickToo = quickStep('test-quick-too');

export const gate = defineStep({
  id: 'test-gate',
  label: 'Gate',
  description: 'Waits until the test opens the gate',
  icon: 'config',
  timeoutSeconds: 30,
  retries: 0,
  async run({ signal }) {
    while (!gateOpen) {
      signal.throwIfAborted();
      await sleep(20);
    }
  },
});

export const failsOnce = defineStep({
  id: 'test-fails',
  label: 'Fails',
  description: 'Fails while the test says so',
  icon: 'cloud',
  timeoutSeconds: 10,
  retries: 0,
  async run() {
    if (failing) throw new StepFailure('The test made this step fail');
  },
});

export const tooSlow = defineStep({
  id: 'test-too-slow',
  label: 'Too Slow',
  description: 'Outlasts its timeout',
  icon: 'server',
  timeoutSeconds: 1,
  retries: 0,
  run: ({ signal }) => sleep(5000, undefined, { signal }),
});

/**
 * A gate for steps on other processes: a folder per run (fileGate(runId)) where the step notes its effect and each
 * attempt's start, and waits until the test opens it.
 */
export function fileGate(runId: string) {
  const dir = path.join(tmpdir(), 'slipway-test-gates', runId);
  return {
    dir,
    open: () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'open'), '');
    },
    /** The process id of each attempt that started, in order. */
    attempts: () => (existsSync(path.join(dir, 'attempts')) ? readFileSync(path.join(dir, 'attempts'), 'utf8').split('\n').filter(Boolean).map(Number) : []),
    /** How many times the step's effect (under a checkpoint) was made. */
    effects: () => (existsSync(path.join(dir, 'effects')) ? readFileSync(path.join(dir, 'effects'), 'utf8').split('\n').filter(Boolean).length : 0),
  };
}

export const slowOnFileGate = defineStep({
  id: 'test-file-gate',
  label: 'File Gate',
  description: 'Makes an effect once, then waits until the test opens its gate',
  icon: 'deploy',
  timeoutSeconds: 300,
  retries: 2,
  async run({ run, signal, checkpoint }) {
    const gate = fileGate(run.id);
    mkdirSync(gate.dir, { recursive: true });
    await checkpoint('effect', async () => appendFileSync(path.join(gate.dir, 'effects'), `${process.pid}\n`));
    appendFileSync(path.join(gate.dir, 'attempts'), `${process.pid}\n`);
    while (!existsSync(path.join(gate.dir, 'open'))) {
      signal.throwIfAborted();
      await sleep(50);
    }
  },
});

export const testSteps = [quick, quickToo, gate, failsOnce, tooSlow, slowOnFileGate];
