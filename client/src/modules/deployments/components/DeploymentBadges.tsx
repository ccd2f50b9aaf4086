import type { DeploymentHealth, DeploymentStatus } from '../../../generated/graphql';
import { Badge } from '../../../ui/Badge';
import { DEPLOYMENT_STATUS_TONES, HEALTH_LABELS, HEALTH_TONES, statusLabel } from '../deployment-format';

export function DeploymentStatusBadge({ status, prefix = '' }: { status: DeploymentStatus; prefix?: string }) {
  return (
    <Badge tone={DEPLOYMENT_STATUS_TONES[status]}>
      {prefix}
      {statusLabel(status)}
    </Badge>
  );
}

export function DeploymentHealthBadge({ health }: { health: DeploymentHealth }) {
  return <Badge tone={HEALTH_TONES[health]}>Health: {HEALTH_LABELS[health]}</Badge>;
}
