import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType({ description: 'What one push to the project’s repository did for one environment (or why it did nothing)' })
export class PushRecord {
  @Field(() => ID, { description: "The record's id" })
  id!: string;

  @Field(() => String, { description: 'The pushed branch' })
  branch!: string;

  @Field(() => String, { nullable: true, description: "The branch's new head; null when the push deleted the branch" })
  commit!: string | null;

  @Field(() => String, { nullable: true, description: "The new head's message, first line" })
  message!: string | null;

  @Field(() => String, { nullable: true, description: 'Who pushed; null once their account is gone' })
  pushedBy!: string | null;

  @Field(() => String, { description: "How the project page shows it: pushed by <user> commit abc1234 '<message>' (a GitHub pull request's: pull request #12 by <user> commit abc1234 '<title>')" })
  summary!: string;

  @Field(() => String, { nullable: true, description: 'The environment it deployed (or would have deployed) to' })
  environment!: string | null;

  @Field(() => String, { description: 'deploying (a run builds and rolls it out), superseded (a newer push replaced it), removed (its preview is removed by a run) or ignored' })
  outcome!: string;

  @Field(() => String, { nullable: true, description: 'Why it was ignored or superseded' })
  reason!: string | null;

  @Field(() => ID, { nullable: true, description: 'Its run: a Deployment Pipeline (build, then rolling update), or the Preview Removal of a removed preview' })
  runId!: string | null;

  @Field(() => String, { nullable: true, description: "Its run's status: running, completed, failed or cancelled" })
  runStatus!: string | null;

  @Field(() => ID, { nullable: true, description: 'The deployment it made' })
  deploymentId!: string | null;

  @Field(() => Date, { description: 'When Slipway received it' })
  createdAt!: Date;
}
