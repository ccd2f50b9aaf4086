import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import type { TemplatesService } from './templates.service.js';
import { toTemplateResponse } from './template.model.js';

export const templateSchemas: SchemaComponents = {
  Template: s.object({
    id: s.string('e.g. go-api.'),
    name: s.string(),
    description: s.string(),
    type: s.string(),
    variables: { type: 'object', additionalProperties: { type: 'string' }, description: 'Template variables: name → value.' },
    environment_variables: s.array(
      s.object({ name: s.string(), description: s.string(), default_value: s.nullable(s.string()), required: s.boolean(), sensitive: s.boolean() }),
    ),
    files: s.array(s.string(), 'The files it generates.'),
    toolchains: s.array(
      s.object({
        id: s.string("e.g. 'go'."),
        name: s.string("e.g. 'Go'."),
        available: s.boolean('This server has it; false: a project from the template fails to build here.'),
        install_hint: s.string('How to install it on the server.'),
      }),
      'What its build and app run with.',
    ),
  }),
};

export function templatesRoutes(templates: TemplatesService): RestRoute[] {
  return [
    {
      method: 'get',
      path: '/templates',
      tag: 'Templates',
      summary: 'The project templates',
      responses: { 200: { description: 'All templates.', schema: s.object({ templates: s.array(s.ref('Template')) }) } },
      handler: async (_req, res) => {
        const list = await templates.list();
        res.json({ templates: await Promise.all(list.map(async (template) => toTemplateResponse(template, await templates.toolchainsOf(template)))) });
      },
    },
    {
      method: 'get',
      path: '/templates/{id}',
      tag: 'Templates',
      summary: 'One template',
      params: { id: s.string('The template id, e.g. go-api.') },
      responses: { 200: { description: 'The template.', schema: s.ref('Template') } },
      handler: async (req, res) => {
        const template = await templates.get(String(req.params.id));
        res.json(toTemplateResponse(template, await templates.toolchainsOf(template)));
      },
    },
  ];
}
