import { Arg, Authorized, Ctx, Field, FieldResolver, ID, InputType, Mutation, Resolver, Root } from 'type-graphql';
import { type GraphQLContext, signedIn } from '../../graphql/context.js';
import { Environment } from '../environments/environment.entity.js';
import { Domain } from './domain.entity.js';
import type { DomainsService } from './domains.service.js';

@InputType({ description: 'A custom domain to add, with an optional certificate and key for HTTPS' })
export class AddDomainInput {
  @Field(() => String, { description: 'A DNS name with a dot (not an IP address, not localhost)' })
  hostname!: string;

  @Field(() => String, { nullable: true, description: 'PEM certificate chain, leaf first, covering the hostname' })
  certificate?: string | null;

  @Field(() => String, { nullable: true, description: 'PEM private key of the certificate; stored sealed, never returned' })
  key?: string | null;
}

/** An environment's custom domains (the same service as REST). */
@Authorized()
@Resolver(() => Environment)
export class DomainsResolver {
  constructor(private readonly service: DomainsService) {}

  @FieldResolver(() => [Domain], { description: 'Its custom domains, by hostname' })
  domains(@Root() environment: Environment): Promise<Domain[]> {
    return this.service.of(environment);
  }

  @Mutation(() => Domain, { description: "Adds a custom domain to the environment; CONFLICT when any project has it" })
  addDomain(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('environment', () => String, { description: "The environment's name" }) environment: string,
    @Arg('input', () => AddDomainInput, { description: 'The hostname, and optionally a certificate and key' }) input: AddDomainInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<Domain> {
    const fields = Object.fromEntries(Object.entries({ ...input }).filter(([, value]) => value !== undefined && value !== null));
    return this.service.add(signedIn(ctx).user, projectId, environment, fields);
  }

  @Mutation(() => Boolean, { description: 'Removes a custom domain of the environment; answers true' })
  async removeDomain(
    @Arg('projectId', () => ID, { description: 'The project' }) projectId: string,
    @Arg('environment', () => String, { description: "The environment's name" }) environment: string,
    @Arg('hostname', () => String, { description: 'The domain' }) hostname: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<boolean> {
    await this.service.remove(signedIn(ctx).user, projectId, environment, hostname);
    return true;
  }
}

@Resolver(() => Domain)
export class DomainFieldsResolver {
  @FieldResolver(() => Boolean, { description: 'Whether a certificate was uploaded: HTTPS is served for it (when Slipway has an HTTPS port)' })
  https(@Root() domain: Domain): boolean {
    return domain.certificateSubject !== null;
  }
}
