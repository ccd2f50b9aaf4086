import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { type GraphQLContext, actorOf, signedIn } from '../../graphql/context.js';
import { Project } from '../projects/project.entity.js';
import { MemberRole } from './member-role.js';
import { AddProjectMemberInput, ProjectMember } from './dtos/member.models.js';
import type { MembersService } from './members.service.js';

/** A project's members: any member reads them; its owner and maintainers change them (see AccessPolicy). */
@Authorized()
@Resolver(() => ProjectMember)
export class MembersResolver {
  constructor(private readonly service: MembersService) {}

  @Query(() => [ProjectMember], { description: "A project's members (its owner is not listed), by email; NOT_FOUND for a project you are not part of" })
  projectMembers(@Arg('projectId', () => ID, { description: 'The project' }) projectId: string, @Ctx() ctx: GraphQLContext): Promise<ProjectMember[]> {
    return this.service.list(signedIn(ctx).user, projectId);
  }

  @Mutation(() => ProjectMember, { description: 'Shares a project with an existing user; for its owner and maintainers' })
  addProjectMember(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('input', () => AddProjectMemberInput, { description: 'Who and with which role' }) input: AddProjectMemberInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProjectMember> {
    return this.service.add(signedIn(ctx).user, projectId, input);
  }

  @Mutation(() => ProjectMember, { description: "Changes a member's role; for the project's owner and maintainers" })
  updateProjectMember(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('userId', () => ID, { description: 'The member' }) userId: string,
    @Arg('role', () => MemberRole, { description: 'Their new role' }) role: MemberRole,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ProjectMember> {
    return this.service.update(signedIn(ctx).user, projectId, userId, role);
  }

  @Mutation(() => Boolean, { description: "Removes a member: they no longer see the project; for the project's owner and maintainers" })
  async removeProjectMember(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('userId', () => ID, { description: 'The member' }) userId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await this.service.remove(signedIn(ctx).user, projectId, userId);
    return true;
  }
}

/** What the caller may do on a project, so that a client shows only what they can use. */
@Authorized()
@Resolver(() => Project)
export class ProjectRoleResolver {
  constructor(private readonly service: MembersService) {}

  @FieldResolver(() => String, { description: 'Your role on the project: owner, maintainer, developer or viewer' })
  yourRole(@Root() project: Project, @Ctx() ctx: GraphQLContext): Promise<string> {
    return this.service.roleOf(project, actorOf(ctx)!.id);
  }
}
