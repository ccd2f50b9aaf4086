import type { DataSource, EntityManager } from 'typeorm';
import { In, MoreThanOrEqual } from 'typeorm';
import { AppError, ErrorCode } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';
import type { AppEvents, EventBus } from '../events/event-bus.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { PipelineRun, RunStatus } from './pipeline-run.entity.js';
import { PipelineStep, StepStatus, type Substep } from './pipeline-step.entity.js';
import { MAX_STEP_RETRIES, maxAttempts, type RunInfo, type StepContext, type StepDefinition, StepFailure, type StepIcon, type StepRegistry } from './steps.js';

export const STEP_JOB = 'pipeline.step';
const LOG_LIMIT = 8000;
const MESSAGE_LIMIT = 500;
const CHECKPOINT_LIMIT = 16_000;
/** Time for a worker to record a step's result after its timeout, before the queue counts the worker as dead. */
const EXPIRY_MARGIN_SECONDS = 30;
/** Steps (of different runs) one worker process runs at once: one long build does not hold up other projects' steps. */
const STEP_CONCURRENCY = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type PipelineEvent = AppEvents['pipeline.updated'];

interface StepJob {
  runId: string;
  stepRowId: string;
}

export interface PipelineEngineOptions<P> {
  dataSource: DataSource;
  queue: JobQueue;
  bus: EventBus;
  registry: StepRegistry<P>;
  /** The ports a run's steps use, chosen when a step starts (later: from the owner's saved credentials). */
  providers: (run: RunInfo) => P | Promise<P>;
  /** How long a step job may stay active before the queue gives it to another worker; default: longest step timeout + 30 s. */
  jobExpireSeconds?: number;
  /**
   * Called in the transaction that fails a run for good (a step out of attempts, a final failure, a dead worker's
   * last attempt): what the run was making (a version's build) reaches a final state with the run, never later.
   */
  onRunFailed?: (failure: RunFailure) => Promise<void>;
}

/** A run that failed for good, for PipelineEngineOptions.onRunFailed. */
export interface RunFailure {
  manager: EntityManager;
  run: RunInfo;
  stepId: string;
  /** The failed step's message, safe to show the owner. */
  message: string;
}

/** A failed attempt's message (safe to show), and whether it is final (no retry). */
interface AttemptError {
  message: string;
  final: boolean;
}

export interface StepView {
  /** The spec's processor_name. */
  stepId: string;
  label: string;
  description: string;
  icon: StepIcon | null;
  status: StepStatus;
  attempts: number;
  startedAt: Date | null;
  completedAt: Date | null;
  updatedAt: Date;
  errorMessage: string | null;
  log: string;
  substeps: Substep[];
}

export interface RunView extends RunInfo {
  status: RunStatus;
  seq: number;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  steps: StepView[];
}

/** An attempt that is no longer the step's current one (cancelled, or given up as dead): it may write nothing. */
class StaleAttempt extends Error {
  constructor() {
    super('This attempt of the step is no longer current');
  }
}

interface Claim<P> {
  run: RunInfo;
  step: PipelineStep;
  definition: StepDefinition<P>;
  attempt: number;
}

interface Locked {
  manager: EntityManager;
  run: PipelineRun;
  /** Records a visible change: bumps the run's seq (and saves its status), and publishes an event after commit. */
  changed(step?: { stepId: string; status: StepStatus }): Promise<void>;
}

const now = () => 'now()';

/**
 * Runs pipelines one step per job. Every transition happens in a transaction holding the run's row lock, and
 * the job for the next step is enqueued in that same transaction, so a run never loses or doubles a step:
 * a worker runs a step only if its row is pending (or running with no live worker: the queue redelivered the
 * job after expiry), and records the result only if its attempt is still the step's current one.
 */
export class PipelineEngine<P> {
  private readonly running = new Map<string, Set<AbortController>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly options: PipelineEngineOptions<P>) {
    // A cancel may happen on another process: the event reaches the one running the step.
    this.unsubscribe = options.bus.subscribe('pipeline.updated', ({ runId, status }) => {
      if (status !== RunStatus.cancelled) return;
      for (const controller of this.running.get(runId) ?? []) controller.abort(new StepFailure('Cancelled'));
    });
  }

  async defineJobs(): Promise<void> {
    const expireInSeconds = this.options.jobExpireSeconds ?? this.options.registry.longestTimeoutSeconds() + EXPIRY_MARGIN_SECONDS;
    // One redelivery more than a step's attempts: the last one finds the step out of attempts and fails it.
    await this.options.queue.define<StepJob>(STEP_JOB, (job) => this.runStep(job), {
      retryLimit: MAX_STEP_RETRIES + 1,
      expireInSeconds,
      concurrency: STEP_CONCURRENCY,
    });
  }

  close(): void {
    this.unsubscribe();
  }

  /** Creates the run and its steps and enqueues the first step, all in one transaction (the caller's, if given). */
  async start(
    streamName: string,
    steps: Array<StepDefinition<P>>,
    { ownerId, projectId = null, transaction }: { ownerId: string; projectId?: string | null; transaction?: EntityManager },
  ): Promise<string> {
    if (steps.length === 0) throw new Error('A pipeline run needs at least one step');
    for (const step of steps) {
      if (this.options.registry.get(step.id) !== step) throw new Error(`Step ${step.id} is not in the pipeline registry`);
    }
    const create = async (manager: EntityManager) => {
      const run = await manager.save(manager.create(PipelineRun, { streamName, ownerId, projectId, status: RunStatus.running }));
      const rows = await manager.save(
        steps.map((step, position) =>
          manager.create(PipelineStep, {
            runId: run.id,
            position,
            stepId: step.id,
            substeps: (step.substeps ?? []).map((substep) => ({ ...substep, status: StepStatus.pending })),
          }),
        ),
      );
      await this.enqueue(manager, rows[0]);
      return run.id;
    };
    return transaction ? create(transaction) : this.options.dataSource.transaction(create);
  }

  /** Stops a running run: the running step is aborted and marked failed ('Cancelled'), the rest skipped. */
  async cancel(runId: string, ownerId: string): Promise<void> {
    await this.locked(runId, ownerId, async ({ manager, run, changed }) => {
      if (run.status !== RunStatus.running) {
        throw new AppError(ErrorCode.Conflict, 'Only a running pipeline can be cancelled', { reason: 'PIPELINE_NOT_RUNNING' });
      }
      await manager.update(PipelineStep, { runId, status: StepStatus.running }, { status: StepStatus.failed, errorMessage: 'Cancelled', completedAt: now, updatedAt: now });
      await manager.update(PipelineStep, { runId, status: StepStatus.pending }, { status: StepStatus.skipped, updatedAt: now });
      run.status = RunStatus.cancelled;
      await changed();
    });
  }

  /** Runs a failed run again from its failed step; steps keep their checkpoints, so done work is skipped. */
  async retryFrom(runId: string, ownerId: string): Promise<void> {
    await this.locked(runId, ownerId, async ({ manager, run, changed }) => {
      const failed =
        run.status === RunStatus.failed &&
        (await manager.findOne(PipelineStep, { where: { runId, status: StepStatus.failed }, order: { position: 'ASC' } }));
      if (!failed) throw new AppError(ErrorCode.Conflict, 'Only a failed pipeline can be retried', { reason: 'PIPELINE_NOT_FAILED' });
      await manager.update(
        PipelineStep,
        { runId, position: MoreThanOrEqual(failed.position) },
        { status: StepStatus.pending, attempts: 0, errorMessage: null, startedAt: null, completedAt: null, updatedAt: now },
      );
      await this.enqueue(manager, failed);
      run.status = RunStatus.running;
      await changed({ stepId: failed.stepId, status: StepStatus.pending });
    });
  }

  /** The run with its ordered steps, for its owner only. */
  async getRun(runId: string, ownerId: string): Promise<RunView> {
    const run = UUID.test(runId) ? await this.options.dataSource.getRepository(PipelineRun).findOne({ where: { id: runId, ownerId }, relations: { steps: true }, order: { steps: { position: 'ASC' } } }) : null;
    if (!run) throw notFound();
    return this.view(run);
  }

  /** The project's most recent run, or null (for the project status call). */
  async latestRun(projectId: string, ownerId: string): Promise<RunView | null> {
    if (!UUID.test(projectId)) return null;
    const latest = await this.options.dataSource.getRepository(PipelineRun).findOne({ where: { projectId, ownerId }, order: { createdAt: 'DESC' } });
    return latest ? this.getRun(latest.id, ownerId) : null;
  }

  private async runStep(job: StepJob): Promise<void> {
    try {
      const claim = await this.claim(job);
      if (!claim) return;
      const error = await this.execute(claim);
      await this.finish(claim, error);
    } catch (error) {
      // The run was deleted (with its owner) meanwhile: nothing is left to do, so the job must not be retried.
      if (error instanceof AppError && error.code === ErrorCode.NotFound) return;
      throw error;
    }
  }

  /** Marks the step running for a new attempt, or returns null when there is nothing (left) to run. */
  private claim({ runId, stepRowId }: StepJob): Promise<Claim<P> | null> {
    return this.locked(runId, null, async (locked) => {
      const { manager, run, changed } = locked;
      const step = await manager.findOneBy(PipelineStep, { id: stepRowId, runId });
      if (run.status !== RunStatus.running || !step || (step.status !== StepStatus.pending && step.status !== StepStatus.running)) return null;
      const definition = this.options.registry.get(step.stepId);
      if (!definition) {
        await this.failRun(locked, step, 'This step no longer exists');
        return null;
      }
      // Still running when its job comes back: the worker of the last attempt died (or hung past the job's expiry).
      const interrupted = step.status === StepStatus.running;
      if (interrupted && step.attempts >= maxAttempts(definition)) {
        await this.failRun(locked, step, 'The step was interrupted and has no attempts left');
        return null;
      }
      if (interrupted) await appendLog(manager, step.id, `attempt ${step.attempts} was interrupted`);
      const attempt = step.attempts + 1;
      await manager.update(PipelineStep, step.id, {
        status: StepStatus.running,
        attempts: attempt,
        startedAt: () => 'COALESCE(started_at, now())',
        completedAt: null,
        errorMessage: null,
        updatedAt: now,
      });
      await changed({ stepId: step.stepId, status: StepStatus.running });
      return { run: runInfo(run), step, definition, attempt };
    });
  }

  /** Runs the step under its timeout; returns null on success, else a message safe to show. */
  private async execute(claim: Claim<P>): Promise<AttemptError | null> {
    const { run, definition } = claim;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new StepFailure(`Timed out after ${definition.timeoutSeconds} s`)), definition.timeoutSeconds * 1000);
    const controllers = this.running.get(run.id) ?? new Set();
    this.running.set(run.id, controllers.add(controller));
    // A step that ignores its signal is abandoned, not awaited: its attempt is stale and can write nothing more.
    const stopped = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }));
    // Handled here too: the abort may come before the race below is reached (while the run's providers load).
    stopped.catch(() => undefined);
    try {
      const work = definition.run(this.context(claim, controller.signal, await this.options.providers(run)));
      work.catch(() => undefined);
      await Promise.race([work, stopped]);
      return null;
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      return { message: safeMessage(reason, definition.id), final: reason instanceof StepFailure && reason.final };
    } finally {
      clearTimeout(timer);
      controllers.delete(controller);
      if (controllers.size === 0) this.running.delete(run.id);
    }
  }

  /** Records the attempt's result if it is still current, and moves the run on in the same transaction. */
  private async finish({ run: { id: runId }, step: { id: stepRowId, position }, definition, attempt }: Claim<P>, failure: AttemptError | null): Promise<void> {
    const error = failure?.message ?? null;
    await this.locked(runId, null, async (locked) => {
      const { manager, run, changed } = locked;
      // The step and the one after it in one query: this transaction is on the way from one step to the next.
      const [step, next] = await manager.find(PipelineStep, { where: { runId, position: In([position, position + 1]) }, order: { position: 'ASC' } });
      if (run.status !== RunStatus.running || step?.id !== stepRowId || step.status !== StepStatus.running || step.attempts !== attempt) return;
      if (error === null) {
        await manager.update(PipelineStep, step.id, { status: StepStatus.completed, completedAt: now, updatedAt: now });
        if (next) await this.enqueue(manager, next);
        else run.status = RunStatus.completed;
        await changed({ stepId: step.stepId, status: StepStatus.completed });
      } else if (attempt < maxAttempts(definition) && !failure?.final) {
        await appendLog(manager, step.id, `attempt ${attempt} failed: ${error}`);
        await manager.update(PipelineStep, step.id, { status: StepStatus.pending, errorMessage: error, updatedAt: now });
        await this.enqueue(manager, step);
        await changed({ stepId: step.stepId, status: StepStatus.pending });
      } else {
        await appendLog(manager, step.id, `attempt ${attempt} failed: ${error}`);
        await this.failRun(locked, step, error);
      }
    });
  }

  /** The step failed for good: the rest of the run is skipped and the run fails (Retry resumes at this step). */
  private async failRun({ manager, run, changed }: Locked, step: PipelineStep, message: string): Promise<void> {
    await manager.update(PipelineStep, step.id, { status: StepStatus.failed, errorMessage: message, completedAt: now, updatedAt: now });
    await manager.update(PipelineStep, { runId: run.id, status: StepStatus.pending }, { status: StepStatus.skipped, updatedAt: now });
    run.status = RunStatus.failed;
    await this.options.onRunFailed?.({ manager, run: runInfo(run), stepId: step.stepId, message });
    await changed({ stepId: step.stepId, status: StepStatus.failed });
  }

  private async enqueue(manager: EntityManager, step: PipelineStep): Promise<void> {
    // One waiting job per run: a run has one next step at a time.
    await this.options.queue.enqueue<StepJob>(STEP_JOB, { runId: step.runId, stepRowId: step.id }, { transaction: manager, singletonKey: step.runId });
  }

  /** A transaction holding the run's row lock, which orders every transition of one run; events go out after commit. */
  private async locked<T>(runId: string, ownerId: string | null, work: (locked: Locked) => Promise<T>): Promise<T> {
    const events: PipelineEvent[] = [];
    const result = await this.options.dataSource.transaction(async (manager) => {
      const run = UUID.test(runId) ? await manager.findOne(PipelineRun, { where: { id: runId }, lock: { mode: 'pessimistic_write' } }) : null;
      if (!run || (ownerId !== null && run.ownerId !== ownerId)) throw notFound();
      const changed = async (step?: { stepId: string; status: StepStatus }) => {
        run.seq += 1;
        const terminal = run.status !== RunStatus.running;
        await manager.update(PipelineRun, run.id, { seq: run.seq, status: run.status, completedAt: terminal ? now : null, updatedAt: now });
        events.push({ runId, projectId: run.projectId, seq: run.seq, status: run.status, ...(step ? { stepId: step.stepId, stepStatus: step.status } : {}) });
      };
      return work({ manager, run, changed });
    });
    for (const event of events) await this.options.bus.publish('pipeline.updated', event).catch((error) => logUnexpected('pipeline event', error));
    return result;
  }

  private context({ run, step, attempt }: Claim<P>, signal: AbortSignal, providers: P): StepContext<P> {
    const steps = this.options.dataSource.getRepository(PipelineStep);
    const current = { id: step.id, status: StepStatus.running, attempts: attempt };
    /** Writes to the step's row only while this attempt is the current one. */
    const write = async (set: Parameters<typeof steps.update>[1], parameters: Record<string, unknown> = {}) => {
      const result = await steps.createQueryBuilder().update().set(set).where(current).setParameters(parameters).execute();
      if (!result.affected) throw new StaleAttempt();
    };
    const log = (level: string) => (message: string) => write({ log: () => `right(log || :line, ${LOG_LIMIT})` }, { line: `${new Date().toISOString()} ${level} ${message}\n` });
    const saved = { ...step.checkpoint };
    const substeps = [...step.substeps];
    return {
      run,
      projectId: run.projectId,
      providers,
      signal,
      logger: { info: log('info'), error: log('error') },
      async checkpoint<T>(key: string, work: () => Promise<T>): Promise<T> {
        if (Object.hasOwn(saved, key)) return saved[key] as T;
        const json = JSON.stringify((await work()) ?? null);
        if (json.length > CHECKPOINT_LIMIT) throw new Error(`Checkpoint ${key} is over ${CHECKPOINT_LIMIT} characters`);
        await write({ checkpoint: () => 'checkpoint || jsonb_build_object(CAST(:key AS text), CAST(:value AS jsonb))' }, { key, value: json });
        saved[key] = JSON.parse(json);
        return saved[key] as T;
      },
      substep: async (name, status, description) => {
        const index = substeps.findIndex((substep) => substep.name === name);
        const substep = { name, status, description: description ?? substeps[index]?.description ?? '' };
        if (index === -1) substeps.push(substep);
        else substeps[index] = substep;
        await this.locked(run.id, null, async ({ manager, changed }) => {
          const result = await manager.update(PipelineStep, current, { substeps, updatedAt: now });
          if (!result.affected) throw new StaleAttempt();
          await changed({ stepId: step.stepId, status: StepStatus.running });
        });
      },
    };
  }

  private view(run: PipelineRun): RunView {
    return {
      ...runInfo(run),
      status: run.status,
      seq: run.seq,
      createdAt: run.createdAt,
      updatedAt: run.updatedAt,
      completedAt: run.completedAt,
      steps: (run.steps ?? []).map((step) => {
        const definition = this.options.registry.get(step.stepId);
        return {
          stepId: step.stepId,
          label: definition?.label ?? step.stepId,
          description: (run.providers && definition?.describe?.(run.providers)) || definition?.description || '',
          icon: definition?.icon ?? null,
          status: step.status,
          attempts: step.attempts,
          startedAt: step.startedAt,
          completedAt: step.completedAt,
          updatedAt: step.updatedAt,
          errorMessage: step.errorMessage,
          log: step.log,
          substeps: step.substeps,
        };
      }),
    };
  }
}

function runInfo(run: PipelineRun): RunInfo {
  return { id: run.id, streamName: run.streamName, ownerId: run.ownerId, projectId: run.projectId, createdAt: run.createdAt };
}

function notFound(): AppError {
  return new AppError(ErrorCode.NotFound, 'Pipeline run not found', { reason: 'PIPELINE_NOT_FOUND' });
}

async function appendLog(manager: EntityManager, stepRowId: string, line: string): Promise<void> {
  await manager.query(`UPDATE pipeline_steps SET log = right(log || $2, ${LOG_LIMIT}) WHERE id = $1`, [stepRowId, `${new Date().toISOString()} ${line}\n`]);
}

/** Only a StepFailure's (or AppError's) message reaches the owner; anything else may hold SQL, paths or secrets. */
function safeMessage(error: unknown, stepId: string): string {
  if (error instanceof StepFailure || error instanceof AppError) return error.message.slice(0, MESSAGE_LIMIT);
  if (!(error instanceof StaleAttempt)) logUnexpected(`pipeline step ${stepId}`, error);
  return 'The step failed unexpectedly';
}
