import type { DataSource, EntityManager } from 'typeorm';
import { In, MoreThanOrEqual } from 'typeorm';
import { AppError, ErrorCode } from '../common/app-error.js';
import { logUnexpected } from '../common/log.js';
import type { AppEvents, EventBus } from '../events/event-bus.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { PipelineRun, RunStatus } from './pipeline-run.entity.js';
import { PipelineStep, StepStatus, type Substep } from './pipeline-step.entity.js';
import { maxAttempts, type RegisteredStep, type RunInfo, type StepContext, type StepDefinition, type StepFamily, StepFailure, type StepIcon, StepRegistry } from './steps.js';

export const STEP_JOB = 'pipeline.step';
const LOG_LIMIT = 8000;
const MESSAGE_LIMIT = 500;
const CHECKPOINT_LIMIT = 16_000;
/** Time for a worker to record a step's result after its timeout, before the queue stops waiting for the job. */
const EXPIRY_MARGIN_SECONDS = 30;
/** A handler that failed (the database could not be reached) runs again this many times; recover() finds what it left. */
const JOB_RETRIES = 3;
/**
 * A step waits for a worker while its run has not moved for this long: recover() then checks that its job is still
 * there (waiting, or taken moments ago) and makes a new one if not.
 */
const LOST_AFTER_SECONDS = 15;
/** Steps (of different runs) one worker process runs at once: one long build does not hold up other projects' steps. */
const STEP_CONCURRENCY = 4;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type PipelineEvent = AppEvents['pipeline.updated'];

interface StepJob {
  runId: string;
  stepRowId: string;
}

/** Which workers are alive: the engine records its own id on the steps it runs and takes over those of dead ones. */
export interface WorkerLiveness {
  /** This process's worker id. */
  readonly id: string;
  /** Which of these workers are dead (gone, silent for too long, or ended on this machine); a live one, however slow, never is. */
  dead(ids: string[]): Promise<Set<string>>;
}

export interface PipelineEngineOptions {
  dataSource: DataSource;
  queue: JobQueue;
  bus: EventBus;
  /** Who runs the steps: this process, and the others that may die. */
  workers: WorkerLiveness;
}

/** What a feature does when one of its runs ends otherwise than completed; features hand theirs to the engine at boot. */
export interface RunEndedHandlers {
  /**
   * Called in the transaction that fails a run for good (a step out of attempts, a final failure, a dead worker's
   * last attempt): what the run was making (a version's build) reaches a final state with the run, never later.
   */
  failed?(failure: RunFailure): Promise<void>;
  /** Called once its owner cancelled a run from its status (cancelAndSettle): a cancelled creation cleans up what it made. */
  cancelled?(run: RunView): Promise<void>;
}

/** A run that failed for good, for RunEndedHandlers.failed. */
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

/** A run as its owner sees it: the one shape every status (GraphQL, REST, the console, the live feeds) serves. */
export interface RunView extends RunInfo {
  status: RunStatus;
  seq: number;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  /** round(100 * completed / total). */
  progressPercent: number;
  completedSteps: number;
  totalSteps: number;
  runningSteps: number;
  steps: StepView[];
}

/** An attempt that is no longer the step's current one (cancelled, or given up as dead): it may write nothing. */
class StaleAttempt extends Error {
  constructor() {
    super('This attempt of the step is no longer current');
  }
}

/** An attempt this process runs. */
interface LiveAttempt {
  stepRowId: string;
  runId: string;
  attempt: number;
  controller: AbortController;
  /** Whether its claim has committed (from then on the database shows the step as this process's). */
  committed: boolean;
}

interface Claim {
  run: RunInfo;
  step: PipelineStep;
  definition: RegisteredStep;
  attempt: number;
  live: LiveAttempt;
}

/** A running run's current step (its first one not done), as recover() sees it. */
interface CurrentStep {
  id: string;
  run_id: string;
  status: StepStatus;
  worker_id: string | null;
  attempts: number;
  /** Pending while its run has not moved for LOST_AFTER_SECONDS. */
  waiting: boolean;
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
 * a worker runs a step only if its row is pending, records on it which worker runs the attempt, and records the
 * result only if its attempt is still the step's current one. A worker that dies leaves its step running: the
 * recover() sweep of a live worker makes it pending again (one attempt spent) once the dead one's heartbeat lapsed.
 */
export class PipelineEngine {
  /** Every step a run may use: the features register theirs at boot, before the jobs are defined. */
  private readonly registry = new StepRegistry();
  private readonly ended: RunEndedHandlers[] = [];
  private jobsDefined = false;
  /** The attempts this process runs (a stale one among them until it notices its abort). */
  private readonly live = new Set<LiveAttempt>();
  private readonly handling = new Set<Promise<void>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly options: PipelineEngineOptions) {
    // A cancel may happen on another process: the event reaches the one running the step.
    this.unsubscribe = options.bus.subscribe('pipeline.updated', ({ runId, status }) => {
      if (status !== RunStatus.cancelled) return;
      for (const attempt of this.live) if (attempt.runId === runId) attempt.controller.abort(new StepFailure('Cancelled'));
    });
  }

  /** A feature's steps, with the ports they run with. */
  register<P>(family: StepFamily<P>): void {
    if (this.jobsDefined) throw new Error('Steps are registered at boot, before the step jobs are defined');
    this.registry.add(family);
  }

  /** A feature's run-ended handlers; each is called for every run (a handler picks the runs it knows by their id). */
  onRunEnded(handlers: RunEndedHandlers): void {
    this.ended.push(handlers);
  }

  async defineJobs(): Promise<void> {
    this.jobsDefined = true;
    // A step's own timeout ends it first: the queue never stops waiting for a step that still runs.
    await this.options.queue.define<StepJob>(STEP_JOB, (job, { id }) => this.handle(job, id), {
      retryLimit: JOB_RETRIES,
      expireInSeconds: this.registry.longestTimeoutSeconds() + EXPIRY_MARGIN_SECONDS,
      concurrency: STEP_CONCURRENCY,
    });
  }

  /**
   * Hands over the steps this process still runs once its queue stopped taking jobs (a clean stop): each attempt
   * ends as failed, so another worker runs the step again at once. Then nothing more runs here.
   */
  async stop(): Promise<void> {
    this.unsubscribe();
    for (const attempt of this.live) attempt.controller.abort(new StepFailure('Slipway stopped while the step ran'));
    await Promise.allSettled([...this.handling]);
  }

  /**
   * The sweep each working process runs every few seconds. A running step whose worker is dead (or that this process
   * no longer runs, its result lost) is taken over: that attempt counts as interrupted and the step goes back to
   * pending with a new job, or fails the run when it has no attempts left. A step waiting for a worker whose job was
   * lost gets a new one. An attempt of this process that is no longer its step's current one (taken over while this
   * process could not reach the database, or cancelled) is aborted, so it stops acting.
   */
  async recover(): Promise<void> {
    const me = this.options.workers.id;
    const settled = [...this.live].filter((attempt) => attempt.committed);
    const current: CurrentStep[] = await this.options.dataSource.query(
      `SELECT DISTINCT ON (s.run_id) s.id, s.run_id, s.status, s.worker_id, s.attempts,
              s.status = 'pending' AND r.updated_at < now() - make_interval(secs => $1) AS waiting
         FROM pipeline_runs r JOIN pipeline_steps s ON s.run_id = r.id AND s.status IN ('pending', 'running')
        WHERE r.status = 'running' ORDER BY s.run_id, s.position`,
      [LOST_AFTER_SECONDS],
    );
    const byId = new Map(current.map((row) => [row.id, row]));
    for (const attempt of settled) {
      const row = byId.get(attempt.stepRowId);
      if (row?.status !== StepStatus.running || row.worker_id !== me || row.attempts !== attempt.attempt) attempt.controller.abort(new StaleAttempt());
    }
    const running = current.filter((row) => row.status === StepStatus.running && !(row.worker_id === me && this.runsHere(row.id, row.attempts)));
    const others = [...new Set(running.flatMap((row) => (row.worker_id !== null && row.worker_id !== me ? [row.worker_id] : [])))];
    const dead = others.length ? await this.options.workers.dead(others) : new Set<string>();
    for (const row of running) {
      if (row.worker_id === null || row.worker_id === me || dead.has(row.worker_id)) await quietlyIfGone(this.takeOver(row));
    }
    const waiting = current.filter((row) => row.waiting);
    const lost = waiting.length ? new Set(await this.options.queue.lost(STEP_JOB, waiting.map((row) => row.id), LOST_AFTER_SECONDS)) : new Set();
    for (const row of waiting) if (lost.has(row.id)) await quietlyIfGone(this.requeue(row));
  }

  /** Creates the run and its steps and enqueues the first step, all in one transaction (the caller's, if given). */
  async start(
    streamName: string,
    steps: Array<StepDefinition<unknown>>,
    { ownerId, projectId = null, transaction }: { ownerId: string; projectId?: string | null; transaction?: EntityManager },
  ): Promise<string> {
    if (steps.length === 0) throw new Error('A pipeline run needs at least one step');
    for (const step of steps) {
      if (!this.registry.has(step)) throw new Error(`Step ${step.id} is not in the pipeline registry`);
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
      // A dead worker's job must not come back once it expires, nor a live one's be handed out again.
      for (const step of await manager.findBy(PipelineStep, { runId, status: StepStatus.running })) {
        if (step.jobId) await this.options.queue.cancel(STEP_JOB, step.jobId, { transaction: manager });
      }
      await manager.update(PipelineStep, { runId, status: StepStatus.running }, { status: StepStatus.failed, errorMessage: 'Cancelled', completedAt: now, updatedAt: now });
      await manager.update(PipelineStep, { runId, status: StepStatus.pending }, { status: StepStatus.skipped, updatedAt: now });
      run.status = RunStatus.cancelled;
      await changed();
    });
  }

  /** Cancels the run for its owner (Cancel on its status) and hands it to the features' run-ended handlers. */
  async cancelAndSettle(runId: string, ownerId: string): Promise<RunView> {
    await this.cancel(runId, ownerId);
    const cancelled = await this.getRun(runId, ownerId);
    for (const handlers of this.ended) await handlers.cancelled?.(cancelled);
    return cancelled;
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

  /** A step job, tracked so that stop() can wait for it. */
  private handle(job: StepJob, jobId: string): Promise<void> {
    const handling = quietlyIfGone(this.runStep(job, jobId)).finally(() => this.handling.delete(handling));
    this.handling.add(handling);
    return handling;
  }

  private async runStep(job: StepJob, jobId: string): Promise<void> {
    const claim = await this.claim(job, jobId);
    if (!claim) return;
    try {
      const error = await this.execute(claim);
      await this.finish(claim, error);
    } finally {
      this.live.delete(claim.live);
    }
  }

  /**
   * Marks a pending step running for a new attempt of this worker, or returns null when there is nothing to run: a
   * running step belongs to its worker (recover() takes it over once that worker is dead), whatever job comes back.
   */
  private async claim({ runId, stepRowId }: StepJob, jobId: string): Promise<Claim | null> {
    const live: LiveAttempt = { stepRowId, runId, attempt: 0, controller: new AbortController(), committed: false };
    try {
      const claim = await this.locked(runId, null, async (locked) => {
        const { manager, run, changed } = locked;
        const step = await manager.findOneBy(PipelineStep, { id: stepRowId, runId });
        if (run.status !== RunStatus.running || step?.status !== StepStatus.pending) return null;
        const definition = this.registry.get(step.stepId);
        if (!definition) {
          await this.failRun(locked, step, 'This step no longer exists');
          return null;
        }
        live.attempt = step.attempts + 1;
        await manager.update(PipelineStep, step.id, {
          status: StepStatus.running,
          attempts: live.attempt,
          workerId: this.options.workers.id,
          jobId,
          startedAt: () => 'COALESCE(started_at, now())',
          completedAt: null,
          errorMessage: null,
          updatedAt: now,
        });
        await changed({ stepId: step.stepId, status: StepStatus.running });
        // Known here before the claim commits: this process's own recover() never takes it for an orphan. An earlier
        // attempt of the step still running here (taken for dead, say) is stale from now on.
        for (const other of this.live) if (other.stepRowId === step.id) other.controller.abort(new StaleAttempt());
        this.live.add(live);
        return { run: runInfo(run), step, definition, attempt: live.attempt, live };
      });
      live.committed = true;
      if (!claim) this.live.delete(live);
      return claim;
    } catch (error) {
      this.live.delete(live);
      throw error;
    }
  }

  /** Whether this process runs that attempt of the step. */
  private runsHere(stepRowId: string, attempt: number): boolean {
    return [...this.live].some((live) => live.stepRowId === stepRowId && live.attempt === attempt);
  }

  /** Takes over a running step whose worker is dead (see recover), if nobody changed it since recover() looked. */
  private takeOver({ id, run_id: runId, worker_id: workerId, attempts }: CurrentStep): Promise<void> {
    return this.locked(runId, null, async (locked) => {
      const { manager, run, changed } = locked;
      const step = await manager.findOneBy(PipelineStep, { id, runId });
      if (run.status !== RunStatus.running || step?.status !== StepStatus.running || step.workerId !== workerId || step.attempts !== attempts) return;
      if (workerId === this.options.workers.id && this.runsHere(id, attempts)) return;
      // The dead worker's job is done with: the queue must not hand it out again once it expires.
      if (step.jobId) await this.options.queue.cancel(STEP_JOB, step.jobId, { transaction: manager });
      await appendLog(manager, step.id, `attempt ${step.attempts} was interrupted: its worker stopped`);
      const definition = this.registry.get(step.stepId);
      if (!definition) return this.failRun(locked, step, 'This step no longer exists');
      if (step.attempts >= maxAttempts(definition)) return this.failRun(locked, step, 'The step was interrupted and has no attempts left');
      await manager.update(PipelineStep, step.id, { status: StepStatus.pending, updatedAt: now });
      await this.enqueue(manager, step);
      await changed({ stepId: step.stepId, status: StepStatus.pending });
    });
  }

  /** A new job for a waiting step whose job was lost (see recover), if it still waits. */
  private requeue({ id, run_id: runId }: CurrentStep): Promise<void> {
    return this.locked(runId, null, async ({ manager, run }) => {
      const step = await manager.findOneBy(PipelineStep, { id, runId });
      if (run.status === RunStatus.running && step?.status === StepStatus.pending) await this.enqueue(manager, step);
    });
  }

  /** Runs the step under its timeout; returns null on success, else a message safe to show. */
  private async execute(claim: Claim): Promise<AttemptError | null> {
    const { run, definition, live: { controller } } = claim;
    const timer = setTimeout(() => controller.abort(new StepFailure(`Timed out after ${definition.timeoutSeconds} s`)), definition.timeoutSeconds * 1000);
    // A step that ignores its signal is abandoned, not awaited: its attempt is stale and can write nothing more.
    const stopped = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }));
    // Handled here too: the abort may come before the race below is reached (while the run's providers load).
    stopped.catch(() => undefined);
    try {
      const work = definition.run(this.context(claim, controller.signal, await definition.providers(run)));
      work.catch(() => undefined);
      await Promise.race([work, stopped]);
      return null;
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      return { message: safeMessage(reason, definition.id), final: reason instanceof StepFailure && reason.final };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Records the attempt's result if it is still current, and moves the run on in the same transaction. */
  private async finish({ run: { id: runId }, step: { id: stepRowId, position }, definition, attempt }: Claim, failure: AttemptError | null): Promise<void> {
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
    for (const handlers of this.ended) await handlers.failed?.({ manager, run: runInfo(run), stepId: step.stepId, message });
    await changed({ stepId: step.stepId, status: StepStatus.failed });
  }

  private async enqueue(manager: EntityManager, step: PipelineStep): Promise<void> {
    // One waiting job per step: a second one (recover() found the first lost, wrongly) finds the step taken and ends.
    await this.options.queue.enqueue<StepJob>(STEP_JOB, { runId: step.runId, stepRowId: step.id }, { transaction: manager, singletonKey: step.id });
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

  private context({ run, step, attempt }: Claim, signal: AbortSignal, providers: unknown): StepContext<unknown> {
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
    const rows = run.steps ?? [];
    const count = (status: StepStatus) => rows.filter((step) => step.status === status).length;
    const [completedSteps, totalSteps] = [count(StepStatus.completed), rows.length];
    return {
      ...runInfo(run),
      status: run.status,
      seq: run.seq,
      createdAt: run.createdAt,
      updatedAt: run.updatedAt,
      completedAt: run.completedAt,
      progressPercent: totalSteps === 0 ? 0 : Math.round((100 * completedSteps) / totalSteps),
      completedSteps,
      totalSteps,
      runningSteps: count(StepStatus.running),
      steps: rows.map((step) => {
        const definition = this.registry.get(step.stepId);
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

/** Work on a run that was deleted (with its owner) meanwhile: nothing is left to do, and nothing to retry. */
async function quietlyIfGone(work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof AppError && error.code === ErrorCode.NotFound)) throw error;
  }
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
