import { Field, InputType, Int } from 'type-graphql';
import { SortOrder } from '../../projects/project-list-query.js';
import { BuildStatus, VersionStatus } from '../version-status.js';
import { VersionSortField } from '../version-list-query.js';

@InputType({ description: "Filters, sort and page of a project's version list" })
export class VersionsFilterInput {
  @Field(() => Int, { nullable: true, description: 'The page, from 1 (default 1)' })
  page?: number;

  @Field(() => Int, { nullable: true, description: 'Versions per page, 1 to 100 (default 20)' })
  limit?: number;

  @Field(() => VersionSortField, { nullable: true, description: 'The sort column (default createdAt)' })
  sortBy?: VersionSortField;

  @Field(() => SortOrder, { nullable: true, description: 'The sort direction (default DESC)' })
  sortOrder?: SortOrder;

  @Field(() => String, { nullable: true, description: 'Case-insensitive text in the tag or description' })
  search?: string;

  @Field(() => VersionStatus, { nullable: true, description: 'Only versions in this status' })
  status?: VersionStatus;

  @Field(() => BuildStatus, { nullable: true, description: 'Only versions whose build is in this state' })
  buildStatus?: BuildStatus;
}

@InputType({ description: 'A new version: the branch head is tagged and built' })
export class CreateVersionInput {
  @Field(() => String, { description: "The tag, 'vX.Y.Z' with an optional '-suffix' (trimmed)" })
  versionTag!: string;

  @Field(() => String, { nullable: true, description: 'What the version brings (optional, trimmed)' })
  description?: string;

  @Field(() => String, { description: 'The branch whose head is tagged (trimmed)' })
  gitBranch!: string;
}

@InputType({ description: "Changes to a version: only its description can change (its tag and commit are fixed)" })
export class UpdateVersionInput {
  @Field(() => String, { nullable: true, description: 'The new description (trimmed)' })
  description?: string;
}
