import type { DataSource } from 'typeorm';
import type { AppTraffic, InstanceUsage } from '../../../providers/cluster/cluster.port.js';
import { addBuckets } from '../../../providers/cluster/app-traffic.js';

/** Samples are kept per app in buckets of this many seconds. */
export const BUCKET_SECONDS = 10;
/** Buckets older than the longest range (24 h) and a margin are deleted. */
const KEEP_SECONDS = 25 * 3600;

/** The sums of the buckets of one step of a range. */
export interface MetricsSlot {
  requests: number;
  errors: number;
  latencyBuckets: number[];
  usageSamples: number;
  cpuPercentSum: number;
  memoryBytesSum: number;
}

interface BucketRow {
  bucket_at: Date;
  requests: number;
  errors: number;
  latency_buckets: number[];
  usage_samples: number;
  cpu_percent_sum: number;
  memory_bytes_sum: number;
  instances: InstanceUsage[];
}

/**
 * The deployment_metrics table: per app and 10-second bucket, the requests through its stable URL (count,
 * errors, latency histogram) and its instances' CPU and memory samples. Written by the process that runs the
 * apps, read by any: the API process answering a metrics call may not be that one. Writes add to a bucket,
 * so a bucket may be written several times (the periodic flush and a flush on demand).
 */
export class DeploymentMetricsStore {
  constructor(private readonly dataSource: DataSource) {}

  async record(traffic: AppTraffic, at = new Date()): Promise<void> {
    const usage = traffic.instances;
    if (traffic.requests === 0 && usage.length === 0) return;
    const bucketAt = new Date(Math.floor(at.getTime() / (BUCKET_SECONDS * 1000)) * BUCKET_SECONDS * 1000);
    await this.dataSource.query(
      `INSERT INTO deployment_metrics
         (app_name, project_id, bucket_at, requests, errors, latency_buckets, usage_samples, cpu_percent_sum, memory_bytes_sum, instances)
       SELECT $1, p.id, $3, $4, $5, $6::integer[], $7, $8, $9, $10::jsonb FROM projects p WHERE p.id = $2
       ON CONFLICT (app_name, bucket_at) DO UPDATE SET
         requests = deployment_metrics.requests + EXCLUDED.requests,
         errors = deployment_metrics.errors + EXCLUDED.errors,
         latency_buckets = ARRAY(
           SELECT COALESCE(a, 0) + COALESCE(b, 0)
           FROM unnest(deployment_metrics.latency_buckets, EXCLUDED.latency_buckets) WITH ORDINALITY AS t(a, b, n) ORDER BY n),
         usage_samples = deployment_metrics.usage_samples + EXCLUDED.usage_samples,
         cpu_percent_sum = deployment_metrics.cpu_percent_sum + EXCLUDED.cpu_percent_sum,
         memory_bytes_sum = deployment_metrics.memory_bytes_sum + EXCLUDED.memory_bytes_sum,
         instances = CASE WHEN EXCLUDED.usage_samples > 0 THEN EXCLUDED.instances ELSE deployment_metrics.instances END`,
      [
        traffic.name,
        traffic.projectId,
        bucketAt,
        traffic.requests,
        traffic.errors,
        traffic.latencyBuckets,
        usage.length > 0 ? 1 : 0,
        usage.reduce((sum, instance) => sum + instance.cpuPercent, 0),
        usage.reduce((sum, instance) => sum + instance.memoryBytes, 0),
        JSON.stringify(usage),
      ],
    );
  }

  /** Deletes buckets older than any range shows. */
  async prune(now = new Date()): Promise<void> {
    await this.dataSource.query('DELETE FROM deployment_metrics WHERE bucket_at < $1', [new Date(now.getTime() - KEEP_SECONDS * 1000)]);
  }

  /**
   * The app's buckets in [from, to) summed per step (keyed by the step's start, epoch ms), and the instances of
   * the newest bucket with a usage sample.
   */
  async slots(appName: string, from: Date, to: Date, stepSeconds: number): Promise<{ slots: Map<number, MetricsSlot>; instances: InstanceUsage[] }> {
    const rows: BucketRow[] = await this.dataSource.query(
      `SELECT bucket_at, requests, errors, latency_buckets, usage_samples, cpu_percent_sum, memory_bytes_sum, instances
       FROM deployment_metrics WHERE app_name = $1 AND bucket_at >= $2 AND bucket_at < $3 ORDER BY bucket_at`,
      [appName, from, to],
    );
    const step = stepSeconds * 1000;
    const slots = new Map<number, MetricsSlot>();
    let instances: InstanceUsage[] = [];
    for (const row of rows) {
      const key = Math.floor(new Date(row.bucket_at).getTime() / step) * step;
      const slot = slots.get(key) ?? { requests: 0, errors: 0, latencyBuckets: [], usageSamples: 0, cpuPercentSum: 0, memoryBytesSum: 0 };
      slot.requests += row.requests;
      slot.errors += row.errors;
      addBuckets(slot.latencyBuckets, row.latency_buckets);
      slot.usageSamples += row.usage_samples;
      slot.cpuPercentSum += Number(row.cpu_percent_sum);
      slot.memoryBytesSum += Number(row.memory_bytes_sum);
      slots.set(key, slot);
      if (row.usage_samples > 0) instances = row.instances;
    }
    return { slots, instances };
  }
}
