import 'reflect-metadata';
import { Field, Int, ObjectType } from 'type-graphql';
import { Project } from '../project.entity.js';

@ObjectType({ description: "One of a project's environment variables, readable by its owner only" })
export class EnvironmentVariable {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  value!: string;

  @Field(() => Boolean, { description: 'The name marks a secret (spec section 5): mask the value when showing it' })
  sensitive!: boolean;
}

@ObjectType({ description: 'One page of projects: {projects, page, total_pages, total} in REST' })
export class ProjectPage {
  @Field(() => [Project])
  projects!: Project[];

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  limit!: number;

  @Field(() => Int)
  totalPages!: number;

  @Field(() => Int)
  total!: number;
}

@ObjectType()
export class ProjectStats {
  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  active!: number;

  @Field(() => Int)
  inactive!: number;

  @Field(() => Int, { description: 'Distinct tags over all of your projects' })
  tags!: number;
}
