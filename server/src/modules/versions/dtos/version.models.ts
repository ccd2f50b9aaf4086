import { Field, Int, ObjectType } from 'type-graphql';
import { PipelineStatus } from '../../project-runs/pipeline-status.model.js';
import { Version } from '../version.entity.js';

@ObjectType({ description: "One page of a project's versions" })
export class VersionPage {
  @Field(() => [Version], { description: 'The versions on this page' })
  versions!: Version[];

  @Field(() => Int, { description: 'The page, from 1' })
  page!: number;

  @Field(() => Int, { description: 'Versions per page' })
  limit!: number;

  @Field(() => Int, { description: 'Pages in all (at least 1)' })
  totalPages!: number;

  @Field(() => Int, { description: 'Versions matching the filters' })
  total!: number;
}

@ObjectType({ description: "A version's build as it runs: the version, its build run's steps and the last lines of its log" })
export class VersionBuild {
  @Field(() => Version, { description: 'The version, with its version and build statuses' })
  version!: Version;

  @Field(() => PipelineStatus, { nullable: true, description: "The version's latest build run; null before its first build" })
  pipeline!: PipelineStatus | null;

  @Field(() => String, { description: "The last lines of the build's output (secrets masked)" })
  logTail!: string;

  /** Changes with every snapshot worth sending: the run's seq and the log's length. */
  seq!: string;
}
