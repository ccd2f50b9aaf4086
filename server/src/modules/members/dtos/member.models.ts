import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MemberRole } from '../member-role.js';

@ObjectType({ description: 'A user a project is shared with, and their role on it' })
export class ProjectMember {
  @Field(() => ID, { description: 'The member (a user id, UUID)' })
  userId!: string;

  @Field(() => String, { description: "The member's email address" })
  email!: string;

  @Field(() => String, { description: "The member's name" })
  name!: string;

  @Field(() => MemberRole, { description: 'What they may do on the project' })
  role!: MemberRole;

  @Field(() => Date, { description: 'When they were added (ISO 8601, UTC)' })
  addedAt!: Date;
}

@InputType({ description: 'A user to add to a project' })
export class AddProjectMemberInput {
  @Field(() => String, { description: 'The email address of an existing account' })
  email!: string;

  @Field(() => MemberRole, { description: 'Their role on the project' })
  role!: MemberRole;
}

export function toMemberResponse(member: ProjectMember) {
  return { user_id: member.userId, email: member.email, name: member.name, role: member.role, added_at: member.addedAt.toISOString() };
}
