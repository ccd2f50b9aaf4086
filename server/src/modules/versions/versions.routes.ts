import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type RequestHandler } from 'express';
import { invalidInput, requireObject } from '../../common/validation.js';
import { authOf } from '../../http/auth-middleware.js';
import { toPipelineStatus, toStatusResponse } from '../pipelines/pipeline-status.js';
import { toVersionResponse } from './version.entity.js';
import type { VersionsService } from './versions.service.js';

const CREATE_FIELDS = ['version_tag', 'description', 'git_branch'];

function createInput(body: unknown) {
  const fields = requireObject(body);
  for (const key of Object.keys(fields)) if (!CREATE_FIELDS.includes(key)) throw invalidInput(`Unknown field "${key.slice(0, 100)}"`);
  return { versionTag: fields.version_tag, description: fields.description, gitBranch: fields.git_branch };
}

function listQuery(req: Request) {
  const query = req.query as Record<string, unknown>;
  return {
    page: query.page,
    limit: query.limit,
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
    search: query.search,
    status: query.status,
    buildStatus: query.build_status,
  };
}

/** Spec section 7's version calls under /projects/{id}/versions, for the project's owner only. */
export function versionsRoutes(versions: VersionsService, signedIn: RequestHandler): Router {
  const router = Router();
  const base = '/projects/:id/versions';
  const one = `${base}/:versionId`;
  const ids = (req: Request) => ({ projectId: String(req.params.id), versionId: String(req.params.versionId) });

  router.get(base, signedIn, async (req, res) => {
    const page = await versions.list(authOf(req).user, String(req.params.id), listQuery(req));
    res.json({ versions: page.versions.map(toVersionResponse), total: page.total, total_pages: page.totalPages, page: page.page });
  });

  router.post(base, signedIn, async (req, res) => {
    const version = await versions.create(authOf(req).user, String(req.params.id), createInput(req.body));
    res.status(201).json(toVersionResponse(version));
  });

  router.get(one, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    res.json(toVersionResponse(await versions.get(authOf(req).user, versionId, projectId)));
  });

  router.put(one, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    res.json(toVersionResponse(await versions.update(authOf(req).user, versionId, req.body, projectId)));
  });

  router.delete(one, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    await versions.remove(authOf(req).user, versionId, projectId);
    res.json({ message: 'Version deleted' });
  });

  router.post(`${one}/build`, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    res.status(202).json(toVersionResponse(await versions.build(authOf(req).user, versionId, projectId)));
  });

  router.post(`${one}/build/stop`, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    res.json(toVersionResponse(await versions.stopBuild(authOf(req).user, versionId, projectId)));
  });

  router.get(`${one}/build/progress`, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    const { version, run } = await versions.progress(authOf(req).user, versionId, projectId);
    const status = run && toPipelineStatus(run);
    res.json({
      version_id: version.id,
      status: version.status,
      build_status: version.buildStatus,
      build_started_at: version.buildStartedAt,
      build_completed_at: version.buildCompletedAt,
      progress_percent: status?.progressPercent ?? 0,
      pipeline: status && toStatusResponse(status),
    });
  });

  router.get(`${one}/build/logs`, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    const { version, log, lines } = await versions.logs(authOf(req).user, versionId, req.query.tail, projectId);
    res.json({ version_id: version.id, build_status: version.buildStatus, tail: lines, logs: log });
  });

  router.get(`${one}/artifacts`, signedIn, async (req, res) => {
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
  });

  router.get(`${one}/artifacts/:artifactId/download`, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    const file = await versions.artifactFile(authOf(req).user, versionId, String(req.params.artifactId), projectId);
    res.status(200);
    res.setHeader('Content-Type', 'application/gzip');
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`);
    await pipeline(createReadStream(file.path), res);
  });

  router.post(`${one}/archive`, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    res.json(toVersionResponse(await versions.archive(authOf(req).user, versionId, projectId)));
  });

  router.post(`${one}/restore`, signedIn, async (req, res) => {
    const { projectId, versionId } = ids(req);
    res.json(toVersionResponse(await versions.restore(authOf(req).user, versionId, projectId)));
  });

  return router;
}
