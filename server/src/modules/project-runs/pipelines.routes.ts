import { StreamName } from '@slipway/domain';
import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import type { RestRoute, SchemaComponents } from '../../http/rest-routes.js';
import { RunStatus } from '../../pipelines/pipeline-run.entity.js';
import { StepStatus } from '../../pipelines/pipeline-step.entity.js';
import { toStatusResponse } from './pipeline-status.js';
import type { ProjectPipelinesService } from './project-pipelines.service.js';

const TAG = 'Pipelines';
const dateOrNull = () => s.nullable(s.dateTime());

export const pipelineSchemas: SchemaComponents = {
  PipelineStatus: s.object({
    id: s.uuid('The run id.'),
    project_id: s.uuid(),
    stream_name: s.enum(Object.values(StreamName)),
    overall_status: s.enum(Object.values(RunStatus)),
    progress_percent: s.integer('0 to 100.'),
    completed_processors: s.integer(),
    total_processors: s.integer(),
    running_processors: s.integer(),
    last_updated: s.dateTime(),
    seq: s.integer('Grows with every change; a client keeps the highest it saw.'),
    processors: s.array(
      s.object({
        processor_name: s.string('The step id.'),
        label: s.string(),
        description: s.string(),
        icon: s.string(),
        status: s.enum(Object.values(StepStatus)),
        attempts: s.integer(),
        started_at: dateOrNull(),
        completed_at: dateOrNull(),
        updated_at: dateOrNull(),
        error_message: s.nullable(s.string()),
        log: s.string(),
        substeps: s.array({ type: 'object' }, 'Its substeps, in order.'),
      }),
      'The steps, in order.',
    ),
  }),
};

const status = (description: string) => ({ description, schema: s.ref('PipelineStatus') });
const params = { id: s.uuid('The project id.') };

/** The project status stream (spec section 3), and retry and cancel of the project's latest run. */
export function pipelinesRoutes(pipelines: ProjectPipelinesService): RestRoute[] {
  return [
    {
      method: 'get',
      path: '/projects/{id}/status',
      tag: TAG,
      summary: "The project's latest pipeline run (creation or deletion)",
      params,
      responses: { 200: status('The run and its steps.') },
      handler: async (req, res) => {
        res.json(toStatusResponse(await pipelines.status(authOf(req).user, String(req.params.id))));
      },
    },
    {
      method: 'post',
      path: '/projects/{id}/status/retry',
      tag: TAG,
      summary: 'Retry a failed run from its failed step',
      params,
      responses: { 200: status('The run, running again.'), 409: { description: 'The run has not failed.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        res.json(toStatusResponse(await pipelines.retry(authOf(req).user, String(req.params.id))));
      },
    },
    {
      method: 'post',
      path: '/projects/{id}/status/cancel',
      tag: TAG,
      summary: 'Cancel a running run',
      params,
      responses: { 200: status('The run, cancelled.'), 409: { description: 'The run is not running.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        res.json(toStatusResponse(await pipelines.cancel(authOf(req).user, String(req.params.id))));
      },
    },
  ];
}
