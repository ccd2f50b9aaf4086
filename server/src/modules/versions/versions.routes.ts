import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { authOf } from '../../http/auth-middleware.js';
import { schema as s } from '../../http/json-schema.js';
import { listQueryOf, type RestRoute, type SchemaComponents } from '../../http/rest-routes.js';
import { toStatusResponse } from '../project-runs/pipeline-status.js';
import { toVersionResponse } from './version.entity.js';
import { BuildStatus, VersionStatus } from './version-status.js';
import type { VersionsService } from './versions.service.js';

const TAG = 'Versions';

const dateOrNull = (description?: string) => s.nullable(s.dateTime(description));

export const versionSchemas: SchemaComponents = {
  Version: s.object({
    id: s.uuid(),
    version_tag: s.string('vMAJOR.MINOR.PATCH, unique in its project.'),
    version_number: s.integer("Its place among the project's versions: 1 for the first created, then one more for each."),
    description: s.nullable(s.string()),
    git_branch: s.string(),
    git_commit_sha: s.nullable(s.string('The commit it was built from, once built.')),
    status: s.enum(Object.values(VersionStatus)),
    build_status: s.enum(Object.values(BuildStatus)),
    active: s.boolean('Whether a deployment runs it.'),
    build_started_at: dateOrNull(),
    build_completed_at: dateOrNull(),
    build_duration_seconds: s.nullable(s.integer('Seconds from the build\'s start to its end; null until it has ended.')),
    build_log: s.string('The last lines of the build log.'),
    docker_image_url: s.nullable(s.string()),
    artifacts: s.array({ type: 'object' }, 'Built images: digest, url, size, created_at.'),
    created_at: s.dateTime(),
    updated_at: s.dateTime(),
  }),
};

const VERSION_QUERY = {
  page: s.integer('1-based page number.', { minimum: 1 }),
  limit: s.integer('Page size, 1 to 100.', { minimum: 1, maximum: 100 }),
  sort_by: s.string('version_number, created_at, updated_at or version_tag.'),
  sort_order: s.enum(['asc', 'desc']),
  search: s.string('Matches tag and description.'),
  status: s.enum(Object.values(VersionStatus)),
  build_status: s.enum(Object.values(BuildStatus)),
};

const version = (description: string) => ({ description, schema: s.ref('Version') });
const projectId = s.uuid('The project id.');
const versionParams = { id: projectId, versionId: s.uuid('The version id.') };

const listQuery = (req: Request) => ({ ...listQueryOf(req), buildStatus: req.query.build_status });

/** Spec section 7's version calls under /projects/{id}/versions, for the project's owner only. */
export function versionsRoutes(versions: VersionsService): RestRoute[] {
  const base = '/projects/{id}/versions';
  const one = `${base}/{versionId}`;
  const ids = (req: Request) => ({ projectId: String(req.params.id), versionId: String(req.params.versionId) });

  return [
    {
      method: 'get',
      path: base,
      tag: TAG,
      summary: "List a project's versions",
      params: { id: projectId },
      query: VERSION_QUERY,
      responses: {
        200: { description: 'One page of versions.', schema: s.object({ versions: s.array(s.ref('Version')), total: s.integer(), total_pages: s.integer(), page: s.integer() }) },
      },
      handler: async (req, res) => {
        const page = await versions.list(authOf(req).user, String(req.params.id), listQuery(req));
        res.json({ versions: page.versions.map(toVersionResponse), total: page.total, total_pages: page.totalPages, page: page.page });
      },
    },
    {
      method: 'post',
      path: base,
      tag: TAG,
      summary: 'Create a version (draft)',
      params: { id: projectId },
      body: s.body({ version_tag: s.string('vMAJOR.MINOR.PATCH.'), description: s.nullable(s.string()), git_branch: s.string('Default main.') }, { required: ['version_tag'] }),
      responses: { 201: version('The new version.'), 409: { description: "The project already has that tag, is being deleted, or uses a service its owner's settings cannot reach now (error says which).", schema: s.ref('Error') } },
      handler: async (req, res) => {
        const fields = req.body as Record<string, unknown>;
        const created = await versions.create(authOf(req).user, String(req.params.id), {
          versionTag: fields.version_tag,
          description: fields.description,
          gitBranch: fields.git_branch,
        });
        res.status(201).json(toVersionResponse(created));
      },
    },
    {
      method: 'get',
      path: one,
      tag: TAG,
      summary: 'One version',
      params: versionParams,
      responses: { 200: version('The version.') },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        res.json(toVersionResponse(await versions.get(authOf(req).user, versionId, projectId)));
      },
    },
    {
      method: 'put',
      path: one,
      tag: TAG,
      summary: "Change a version's description",
      params: versionParams,
      bodyCheckedByService: true,
      body: { type: 'object', properties: { description: s.nullable(s.string('At most 500 characters.')) }, description: 'Only the description can change; another field is refused with its name.' },
      responses: { 200: version('The updated version.') },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        res.json(toVersionResponse(await versions.update(authOf(req).user, versionId, req.body, projectId)));
      },
    },
    {
      method: 'delete',
      path: one,
      tag: TAG,
      summary: 'Delete a version that no deployment uses',
      params: versionParams,
      responses: { 200: { description: 'Deleted.', schema: s.message('Version deleted') } },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        await versions.remove(authOf(req).user, versionId, projectId);
        res.json({ message: 'Version deleted' });
      },
    },
    {
      method: 'post',
      path: `${one}/build`,
      tag: TAG,
      summary: 'Start a build',
      params: versionParams,
      responses: { 202: version('The version, build_status building.'), 409: { description: 'Already building.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        res.status(202).json(toVersionResponse(await versions.build(authOf(req).user, versionId, projectId)));
      },
    },
    {
      method: 'post',
      path: `${one}/build/stop`,
      tag: TAG,
      summary: 'Stop a running build',
      params: versionParams,
      responses: { 200: version('The version, build cancelled.'), 409: { description: 'Not building.', schema: s.ref('Error') } },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        res.json(toVersionResponse(await versions.stopBuild(authOf(req).user, versionId, projectId)));
      },
    },
    {
      method: 'get',
      path: `${one}/build/progress`,
      tag: TAG,
      summary: "A build's progress",
      params: versionParams,
      responses: {
        200: {
          description: 'Build state and its pipeline run, when there is one.',
          schema: s.object({
            version_id: s.uuid(),
            status: s.enum(Object.values(VersionStatus)),
            build_status: s.enum(Object.values(BuildStatus)),
            build_started_at: dateOrNull(),
            build_completed_at: dateOrNull(),
            progress_percent: s.integer('0 to 100.'),
            pipeline: { anyOf: [s.ref('PipelineStatus'), { type: 'null' }] },
          }),
        },
      },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        const { version: built, run } = await versions.progress(authOf(req).user, versionId, projectId);
        res.json({
          version_id: built.id,
          status: built.status,
          build_status: built.buildStatus,
          build_started_at: built.buildStartedAt,
          build_completed_at: built.buildCompletedAt,
          progress_percent: run?.progressPercent ?? 0,
          pipeline: run ? toStatusResponse(run) : null,
        });
      },
    },
    {
      method: 'get',
      path: `${one}/build/logs`,
      tag: TAG,
      summary: "A build's log",
      params: versionParams,
      query: { tail: s.integer('Only the last N lines (1 to 5000).', { minimum: 1 }) },
      responses: {
        200: { description: 'The log.', schema: s.object({ version_id: s.uuid(), build_status: s.enum(Object.values(BuildStatus)), tail: s.nullable(s.integer()), logs: s.string() }) },
      },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        const { version: built, log, lines } = await versions.logs(authOf(req).user, versionId, req.query.tail, projectId);
        res.json({ version_id: built.id, build_status: built.buildStatus, tail: lines, logs: log });
      },
    },
    {
      method: 'get',
      path: `${one}/artifacts`,
      tag: TAG,
      summary: "A version's built artifacts",
      params: versionParams,
      responses: {
        200: {
          description: 'The images built for it.',
          schema: s.object({
            artifacts: s.array(s.object({ id: s.string('The image digest.'), type: s.enum(['image']), url: s.string(), size: s.integer('Bytes.'), created_at: s.string() })),
          }),
        },
      },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        const { artifacts } = await versions.artifacts(authOf(req).user, versionId, projectId);
        res.json({
          artifacts: artifacts.map((artifact) => ({
            id: artifact.digest,
            type: 'image',
            url: artifact.url,
            size: artifact.size,
            created_at: artifact.createdAt,
          })),
        });
      },
    },
    {
      method: 'get',
      path: `${one}/artifacts/{artifactId}/download`,
      tag: TAG,
      summary: 'Download an artifact (the image as a gzipped tarball)',
      params: { ...versionParams, artifactId: s.string('The artifact id (image digest).') },
      responses: { 200: { description: 'The file.', mediaType: 'application/gzip' } },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        const file = await versions.artifactFile(authOf(req).user, versionId, String(req.params.artifactId), projectId);
        res.status(200);
        res.setHeader('Content-Type', 'application/gzip');
        res.setHeader('Content-Length', String(file.size));
        res.setHeader('Content-Disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`);
        await pipeline(createReadStream(file.path), res);
      },
    },
    {
      method: 'post',
      path: `${one}/archive`,
      tag: TAG,
      summary: 'Archive a version',
      params: versionParams,
      responses: { 200: version('The archived version.') },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        res.json(toVersionResponse(await versions.archive(authOf(req).user, versionId, projectId)));
      },
    },
    {
      method: 'post',
      path: `${one}/restore`,
      tag: TAG,
      summary: 'Restore an archived version',
      params: versionParams,
      responses: { 200: version('The restored version.') },
      handler: async (req, res) => {
        const { projectId, versionId } = ids(req);
        res.json(toVersionResponse(await versions.restore(authOf(req).user, versionId, projectId)));
      },
    },
  ];
}
