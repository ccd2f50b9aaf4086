import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context.js';
import { Template } from './template.model.js';

@Authorized()
@Resolver(() => Template)
export class TemplatesResolver {
  @Query(() => [Template], { description: 'The template catalog, sorted by name' })
  templates(@Ctx() ctx: GraphQLContext): Promise<Template[]> {
    return ctx.services.templates.list();
  }

  @Query(() => Template, { description: 'One template by name; NOT_FOUND when the catalog has none' })
  template(@Arg('name', () => String) name: string, @Ctx() ctx: GraphQLContext): Promise<Template> {
    return ctx.services.templates.get(name);
  }
}
