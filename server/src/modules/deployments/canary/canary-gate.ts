import 'reflect-metadata';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { latencyPercentile } from '../../../providers/cluster/app-traffic.js';
import type { CanaryTraffic, RevisionTraffic } from '../../../providers/cluster/cluster.port.js';

/** A canary's steps: the share of new requests it takes at each, held CANARY_STEP_SECONDS each, then it is promoted. */
export const DEFAULT_CANARY_STEPS = [10, 50, 100];
export const DEFAULT_CANARY_STEP_SECONDS = 60;
export const CANARY_STEP_SECONDS = { min: 5, max: 3600 } as const;
export const MAX_CANARY_STEPS = 5;

/** The gate judges a step once the canary answered this many requests in it. */
export const GATE_MIN_REQUESTS = 20;
/** The canary's error rate may exceed the stable one's by this many percentage points. */
export const GATE_ERROR_POINTS = 5;
/** Its p95 may be this many times the stable one's, or this many ms above it, whichever is more. */
export const GATE_P95_FACTOR = 2;
export const GATE_P95_MARGIN_MS = 50;
/**
 * A latency breach fails the gate when this many judgements in a row (a second apart) find it: a new revision's
 * first requests are slow while its code warms up, and on a busy machine a few slow answers are noise. Errors fail it
 * at once.
 */
export const GATE_LATENCY_CHECKS = 3;

@ObjectType({ description: "One revision's requests over a canary step" })
export class RevisionMeasurement {
  @Field(() => Int, { description: 'The revision on the cluster' })
  revision!: number;

  @Field(() => Int, { description: 'Requests it answered (or could not answer)' })
  requests!: number;

  @Field(() => Int, { description: '5xx answers and requests that could not be forwarded' })
  errors!: number;

  @Field(() => Float, { description: 'Percent of its requests that failed, 0 to 100 (0 without requests)' })
  errorRate!: number;

  @Field(() => Float, { nullable: true, description: '95th percentile latency in ms; null without requests' })
  p95Ms!: number | null;
}

@ObjectType({ description: "Both revisions' figures when a canary step was judged, or the canary stopped" })
export class CanaryMeasurements {
  @Field(() => Int, { description: "The canary's share of new requests then, 0 to 100" })
  percent!: number;

  @Field(() => RevisionMeasurement, { description: 'The revision serving before the canary' })
  stable!: RevisionMeasurement;

  @Field(() => RevisionMeasurement, { description: 'The new revision' })
  canary!: RevisionMeasurement;
}

/** The REST shape (snake_case) of an event's measurements. */
export function toMeasurementsResponse(measurements: CanaryMeasurements | null) {
  const one = (figures: RevisionMeasurement) => ({ revision: figures.revision, requests: figures.requests, errors: figures.errors, error_rate: figures.errorRate, p95_ms: figures.p95Ms });
  return measurements && { percent: measurements.percent, stable: one(measurements.stable), canary: one(measurements.canary) };
}

function minus(now: RevisionTraffic, before: RevisionTraffic | undefined): RevisionTraffic {
  if (!before || before.revision !== now.revision) return now;
  return {
    ...now,
    requests: now.requests - before.requests,
    errors: now.errors - before.errors,
    latencyBuckets: now.latencyBuckets.map((count, index) => count - (before.latencyBuckets[index] ?? 0)),
  };
}

function measure(traffic: RevisionTraffic): RevisionMeasurement {
  return {
    revision: traffic.revision,
    requests: traffic.requests,
    errors: traffic.errors,
    errorRate: traffic.requests ? Math.round((traffic.errors / traffic.requests) * 1000) / 10 : 0,
    p95Ms: latencyPercentile(traffic.latencyBuckets, 0.95),
  };
}

/**
 * The figures a step is judged on: the canary's since the step began; the stable revision's over the same time, or,
 * when it answered fewer than GATE_MIN_REQUESTS then (the canary takes (nearly) all requests), since the canary started.
 */
export function stepMeasurements(now: CanaryTraffic, stepStart: CanaryTraffic | null): CanaryMeasurements {
  const stableInStep = minus(now.stable, stepStart?.stable);
  return {
    percent: now.percent,
    stable: measure(stableInStep.requests >= GATE_MIN_REQUESTS ? stableInStep : now.stable),
    canary: measure(minus(now.canary, stepStart?.canary)),
  };
}

/**
 * Why the canary fails its gate, or null while it passes (or has too few requests to judge): an error rate more than
 * GATE_ERROR_POINTS points above the stable one's, or a p95 above both GATE_P95_FACTOR times and GATE_P95_MARGIN_MS
 * more than the stable one's. `latency` tells the second: one slow judgement is not enough (GATE_LATENCY_CHECKS).
 */
export function gateBreach({ stable, canary }: CanaryMeasurements): { reason: string; latency: boolean } | null {
  if (canary.requests < GATE_MIN_REQUESTS) return null;
  if (canary.errorRate > stable.errorRate + GATE_ERROR_POINTS) {
    return { reason: `its error rate ${canary.errorRate} % is more than ${GATE_ERROR_POINTS} points above the stable revision's ${stable.errorRate} %`, latency: false };
  }
  if (canary.p95Ms !== null && stable.p95Ms !== null && canary.p95Ms > GATE_P95_FACTOR * stable.p95Ms && canary.p95Ms > stable.p95Ms + GATE_P95_MARGIN_MS) {
    return { reason: `its p95 latency ${canary.p95Ms} ms is above ${GATE_P95_FACTOR}× and ${GATE_P95_MARGIN_MS} ms more than the stable revision's ${stable.p95Ms} ms`, latency: true };
  }
  return null;
}

/** Judges a step's figures one after another: why the canary fails, once an error breach or GATE_LATENCY_CHECKS latency breaches in a row are seen. */
export function stepJudge(): (measurements: CanaryMeasurements) => string | null {
  let slowInARow = 0;
  return (measurements) => {
    const breach = gateBreach(measurements);
    slowInARow = breach?.latency ? slowInARow + 1 : 0;
    return breach && (!breach.latency || slowInARow >= GATE_LATENCY_CHECKS) ? breach.reason : null;
  };
}

/** The figures in a sentence, for events and logs. */
export function describeMeasurements({ stable, canary }: CanaryMeasurements): string {
  const one = (label: string, figures: RevisionMeasurement) =>
    `${label} (revision ${figures.revision}) ${figures.requests} requests, ${figures.errorRate} % errors, p95 ${figures.p95Ms ?? '–'} ms`;
  return `${one('canary', canary)}; ${one('stable', stable)}`;
}
