import { Badge, type BadgeTone } from '../../../ui/Badge';
import { RUN_STATUS_LABELS, type PipelineRunStatus } from '../pipeline-view';

export const RUN_STATUS_TONES: Record<PipelineRunStatus, BadgeTone> = {
  running: 'info',
  completed: 'success',
  failed: 'danger',
  cancelled: 'warning',
};

/** A run's overall status as a badge; `prefix` names what it is the status of (e.g. 'Pipeline: Running'). */
export function PipelineStatusBadge({ status, prefix }: { status: PipelineRunStatus; prefix?: string }) {
  return (
    <Badge tone={RUN_STATUS_TONES[status]}>
      {prefix}
      {RUN_STATUS_LABELS[status]}
    </Badge>
  );
}
