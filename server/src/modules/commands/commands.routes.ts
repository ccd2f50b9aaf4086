import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import type { CommandsService } from './commands.service.js';
import { toCommandLogResponse } from './command-log.entity.js';

const TAG = 'Commands';

export const commandSchemas: SchemaComponents = {
  CommandLog: s.object({
    id: s.uuid(),
    user_id: s.uuid(),
    command: s.string(),
    type: s.string('success, error, info or warning.'),
    output: s.string(),
    success: s.boolean(),
    created_at: s.dateTime(),
  }),
};

export function commandsRoutes(commands: CommandsService): RestRoute[] {
  return [
    {
      method: 'post',
      path: '/commands',
      tag: TAG,
      summary: 'Run a console command',
      body: { type: 'object', properties: { command: s.string('e.g. "projects list"; "help" lists them.') }, required: ['command'] },
      responses: { 200: { description: 'Its output.', schema: s.object({ type: s.string('success, error, info or warning.'), output: s.string() }) } },
      handler: async (req, res) => {
        const { type, output } = await commands.execute(authOf(req).user, (req.body as Record<string, unknown>).command);
        res.json({ type, output });
      },
    },
    {
      method: 'get',
      path: '/commands',
      tag: TAG,
      summary: 'Command suggestions',
      query: { search: s.string('What was typed so far.') },
      responses: {
        200: {
          description: 'Matching commands.',
          schema: s.object({ suggestions: s.array(s.object({ command: s.string(), description: s.string(), parameters: s.string('Its arguments, e.g. "[filter]".'), category: s.string() })) }),
        },
      },
      handler: (req, res) => {
        res.json({ suggestions: commands.suggestions(req.query.search) });
      },
    },
    {
      method: 'get',
      path: '/command-logs',
      tag: TAG,
      summary: 'Your command log, newest first',
      query: {
        page: s.integer('1-based page number.', { minimum: 1 }),
        page_size: s.integer('Page size.', { minimum: 1, maximum: 100 }),
        type: s.string(),
        success: s.enum(['true', 'false']),
        command: s.string('Matches the command text.'),
      },
      responses: {
        200: { description: 'One page.', schema: s.object({ logs: s.array(s.ref('CommandLog')), total: s.integer(), page: s.integer(), total_pages: s.integer() }) },
      },
      handler: async (req, res) => {
        const { page_size: pageSize, page, type, success, command } = req.query;
        const list = await commands.listLogs(authOf(req).user, { page, pageSize, type, success, command });
        res.json({ logs: list.logs.map(toCommandLogResponse), total: list.total, page: list.page, total_pages: list.totalPages });
      },
    },
    {
      method: 'get',
      path: '/command-logs/{id}',
      tag: TAG,
      summary: 'One command log entry',
      params: { id: s.uuid() },
      responses: { 200: { description: 'The entry.', schema: s.ref('CommandLog') } },
      handler: async (req, res) => {
        res.json(toCommandLogResponse(await commands.getLog(authOf(req).user, String(req.params.id))));
      },
    },
  ];
}
