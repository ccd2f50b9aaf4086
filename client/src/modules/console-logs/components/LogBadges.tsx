import { Badge, type BadgeTone } from '../../../ui/Badge';
import type { CommandResultType } from '../../../generated/graphql';

const TYPE_TONES: Record<CommandResultType, BadgeTone> = { output: 'neutral', error: 'danger', success: 'success', info: 'info' };

export function TypeBadge({ type }: { type: CommandResultType }) {
  return <Badge tone={TYPE_TONES[type]}>{type}</Badge>;
}

export function SuccessBadge({ success }: { success: boolean }) {
  return <Badge tone={success ? 'success' : 'danger'}>{success ? 'Success' : 'Failed'}</Badge>;
}
