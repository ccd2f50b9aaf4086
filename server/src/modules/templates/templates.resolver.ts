import { Arg, Authorized, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { Template, TemplateToolchain } from './template.model.js';
import type { TemplatesService } from './templates.service.js';

@Authorized()
@Resolver(() => Template)
export class TemplatesResolver {
  constructor(private readonly service: TemplatesService) {}

  @Query(() => [Template], { description: 'The template catalog, sorted by name' })
  templates(): Promise<Template[]> {
    return this.service.list();
  }

  @Query(() => Template, { description: 'One template by name; NOT_FOUND when the catalog has none' })
  template(@Arg('name', () => String, { description: 'The template name, such as node-rest-api' }) name: string): Promise<Template> {
    return this.service.get(name);
  }

  @FieldResolver(() => [TemplateToolchain], { description: 'What its build and app run with, and whether this server has each (a missing one fails the build)' })
  toolchains(@Root() template: Template): Promise<TemplateToolchain[]> {
    return this.service.toolchainsOf(template);
  }
}
