import type { DataSource } from 'typeorm';
import { invalidInput } from '../../common/validation.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { User } from '../users/user.entity.js';
import type { PushRecord } from './dtos/push.models.js';
import { summary } from './runs/push-deploys.js';

interface PushRow {
  id: string;
  branch: string;
  after_sha: string | null;
  message: string | null;
  pusher: string | null;
  environment: string | null;
  pull_request_number: number | null;
  outcome: string;
  reason: string | null;
  run_id: string | null;
  run_status: string | null;
  deployment_id: string | null;
  created_at: Date;
}

/** A project's pushes as its page lists them, newest first, with their runs' status; for the project's owner only. */
export class PushHistory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly projects: Pick<ProjectsService, 'get'>,
  ) {}

  async list(owner: Pick<User, 'id'>, projectId: unknown, limit: unknown = 20): Promise<PushRecord[]> {
    const count = typeof limit === 'string' && /^\d+$/.test(limit) ? Number(limit) : limit;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 100) throw invalidInput('limit must be an integer between 1 and 100', 'limit');
    const project = await this.projects.get(owner, projectId);
    const rows: PushRow[] = await this.dataSource.query(
      `SELECT p.id, p.branch, p.after_sha, p.message, COALESCE(u.name, p.pusher_name) AS pusher, p.environment, p.pull_request_number, p.outcome, p.reason, p.run_id, r.status AS run_status,
              p.deployment_id, p.created_at
         FROM pushes p LEFT JOIN users u ON u.id = p.pusher_id LEFT JOIN pipeline_runs r ON r.id = p.run_id
        WHERE p.project_id = $1 AND p.owner_id = $2 ORDER BY p.created_at DESC, p.environment LIMIT $3`,
      [project.id, owner.id, count],
    );
    return rows.map((row) => ({
      id: row.id,
      branch: row.branch,
      commit: row.after_sha,
      message: row.message,
      pushedBy: row.pusher,
      summary: summary({ branch: row.branch, after: row.after_sha, message: row.message, pullRequest: row.pull_request_number }, row.pusher),
      environment: row.environment,
      outcome: row.outcome,
      reason: row.reason,
      runId: row.run_id,
      runStatus: row.run_status,
      deploymentId: row.deployment_id,
      createdAt: row.created_at,
    }));
  }
}
