import 'reflect-metadata';
import { Field, Float, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "One line of a deployment's app output (owner only)" })
export class DeploymentLogLine {
  @Field(() => String, { description: "The instance that printed it, e.g. 'r3-1' (revision 3, replica 1); 'slipway' for the cluster's own notes" })
  instance!: string;

  @Field(() => String, { description: "stdout, stderr or system (the cluster's notes: restarts, crashes)" })
  stream!: string;

  @Field(() => String, { description: 'The text printed' })
  line!: string;

  @Field(() => Date, { nullable: true, description: 'When it was printed; null for lines kept from before lines carried a time' })
  at!: Date | null;
}

@ObjectType({ description: 'One step of a metrics range' })
export class DeploymentMetricsPoint {
  @Field(() => Date, { description: 'Start of the step' })
  at!: Date;

  @Field(() => Float, { description: 'Requests per second through the stable URL' })
  requestRate!: number;

  @Field(() => Float, { description: 'Share 0..1 of 5xx answers and requests that could not be forwarded' })
  errorRate!: number;

  @Field(() => Float, { nullable: true, description: 'Median latency in milliseconds; null without requests' })
  p50Ms!: number | null;

  @Field(() => Float, { nullable: true, description: '95th percentile latency in milliseconds; null without requests' })
  p95Ms!: number | null;

  @Field(() => Float, { nullable: true, description: '99th percentile latency in milliseconds; null without requests' })
  p99Ms!: number | null;

  @Field(() => Float, { nullable: true, description: 'CPU percent summed over the instances (100 = one core); null when not sampled' })
  cpuPercent!: number | null;

  @Field(() => Float, { nullable: true, description: 'Resident memory in bytes summed over the instances; null when not sampled' })
  memoryBytes!: number | null;
}

@ObjectType({ description: "One instance's latest CPU and memory sample" })
export class DeploymentInstanceUsage {
  @Field(() => String, { description: "The instance, e.g. 'r3-1'" })
  instance!: string;

  @Field(() => Float, { description: 'CPU percent (100 = one core)' })
  cpuPercent!: number;

  @Field(() => Float, { description: 'Resident memory in bytes' })
  memoryBytes!: number;
}

@ObjectType({ description: "A deployment's traffic and resource usage over a range" })
export class DeploymentMetrics {
  @Field(() => String, { description: 'The range: 5m, 15m, 1h, 6h or 24h' })
  range!: string;

  @Field(() => Int, { description: 'Seconds per point' })
  stepSeconds!: number;

  @Field(() => [DeploymentMetricsPoint], { description: 'The points of the range, oldest first' })
  points!: DeploymentMetricsPoint[];

  @Field(() => [DeploymentInstanceUsage], { description: "The active deployment's instances as last sampled; empty otherwise" })
  instances!: DeploymentInstanceUsage[];

  @Field(() => String, {
    nullable: true,
    description: "Why the instances' CPU and memory cannot be read now (the cluster has no metrics API), so instances is empty; null when they can",
  })
  instancesUnavailableReason!: string | null;
}

@ObjectType({ description: "One instance (replica) of a live deployment's app" })
export class DeploymentInstance {
  @Field(() => String, { description: "The instance, e.g. 'r3-1' (revision 3, replica 1)" })
  instance!: string;

  @Field(() => String, { description: 'starting, healthy, unhealthy (running, failing its health check) or crashed (exited, waiting to be restarted)' })
  state!: 'starting' | 'healthy' | 'unhealthy' | 'crashed';

  @Field(() => Int, { description: 'How often it was restarted after a crash' })
  restarts!: number;
}
