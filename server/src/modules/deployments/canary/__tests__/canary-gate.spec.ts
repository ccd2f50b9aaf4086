import { describe, expect, it } from 'vitest';
import { latencyBucket, LATENCY_BUCKETS } from '../../../../providers/cluster/app-traffic.js';
import type { RevisionTraffic } from '../../../../providers/cluster/cluster.port.js';
import { gateBreach, stepJudge, stepMeasurements } from '../canary-gate.js';

/** A revision's cumulative traffic: `requests` answered in `ms` each, `errors` of them failed. */
function traffic(revision: number, requests: number, errors: number, ms: number): RevisionTraffic {
  const latencyBuckets = new Array<number>(LATENCY_BUCKETS).fill(0);
  latencyBuckets[latencyBucket(ms)] = requests;
  return { revision, requests, errors, latencyBuckets, instances: 1 };
}

const judge = (stable: RevisionTraffic, canary: RevisionTraffic) => gateBreach(stepMeasurements({ percent: 10, stable, canary }, null))?.reason ?? null;

describe('canary gate', () => {
  it('passes a canary as good as stable, and one with too few requests to judge', () => {
    expect(judge(traffic(1, 200, 2, 10), traffic(2, 20, 0, 11))).toBeNull();
    expect(judge(traffic(1, 200, 0, 10), traffic(2, 19, 19, 500))).toBeNull();
  });

  it('fails an error rate more than 5 points above stable', () => {
    expect(judge(traffic(1, 200, 2, 10), traffic(2, 20, 1, 10))).toBeNull();
    expect(judge(traffic(1, 200, 2, 10), traffic(2, 20, 2, 10))).toMatch(/^its error rate 10 % is more than 5 points above the stable revision's 1 %$/);
  });

  it('fails a p95 both above twice and 50 ms more than stable', () => {
    // Twice as slow but only a few ms more: fine.
    expect(judge(traffic(1, 200, 0, 5), traffic(2, 50, 0, 20))).toBeNull();
    // 50 ms more but not twice: fine.
    expect(judge(traffic(1, 200, 0, 200), traffic(2, 50, 0, 300))).toBeNull();
    expect(judge(traffic(1, 200, 0, 10), traffic(2, 50, 0, 120))).toMatch(/^its p95 latency .* ms is above 2× and 50 ms more than the stable revision's/);

  });

  it("judges a step's requests, with stable's since the canary started when it had too few in the step", () => {
    const start = { percent: 50, stable: traffic(1, 1000, 0, 10), canary: traffic(2, 100, 0, 10) };
    const now = { percent: 100, stable: traffic(1, 1005, 0, 10), canary: traffic(2, 200, 50, 10) };
    const measured = stepMeasurements(now, start);
    expect(measured.canary).toMatchObject({ revision: 2, requests: 100, errors: 50, errorRate: 50 });
    expect(measured.stable).toMatchObject({ revision: 1, requests: 1005, errors: 0, errorRate: 0 });
    expect(gateBreach(measured)?.reason).toMatch(/error rate 50 %/);
  });

  it('fails a step on its first error breach, but on a latency breach only when three judgements in a row find it', () => {
    const at = (stable: RevisionTraffic, canary: RevisionTraffic) => stepMeasurements({ percent: 10, stable, canary }, null);
    const slow = at(traffic(1, 200, 0, 10), traffic(2, 50, 0, 120));
    const good = at(traffic(1, 200, 0, 10), traffic(2, 50, 0, 10));
    const failing = at(traffic(1, 200, 0, 10), traffic(2, 50, 10, 10));

    const warming = stepJudge();
    expect([warming(slow), warming(slow), warming(good), warming(slow), warming(slow)]).toEqual([null, null, null, null, null]);
    expect(warming(slow)).toMatch(/^its p95 latency/);

    const erring = stepJudge();
    expect(erring(failing)).toMatch(/^its error rate 20 %/);
  });
});
