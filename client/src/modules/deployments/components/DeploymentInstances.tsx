import styled from '@emotion/styled';
import { useDeploymentInstancesQuery } from '../../../generated/hooks';
import { Badge, type BadgeTone } from '../../../ui/Badge';

/** Replica states change as instances crash and restart: looked at again every few seconds while shown. */
const POLL_MS = 5000;

const StyledList = styled.ul(({ theme }) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.spacing(1), fontSize: theme.fontSizes.sm }));
const StyledCode = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono }));

const TONES: Record<string, BadgeTone> = { healthy: 'success', starting: 'info', unhealthy: 'warning', crashed: 'danger' };

/** Each instance (replica) of a live deployment: its name (r<revision>-<n>), state and restarts. */
export function DeploymentInstances({ deploymentId }: { deploymentId: string }) {
  const { data } = useDeploymentInstancesQuery({ variables: { id: deploymentId }, pollInterval: POLL_MS, notifyOnNetworkStatusChange: false });
  // Mocked or partial answers (tests, a deployment deleted meanwhile) may lack it: then nothing is shown.
  const instances = data?.deployment?.instances ?? [];
  if (instances.length === 0) return null;
  return (
    <StyledList aria-label="Instances">
      {instances.map((instance) => (
        <li key={instance.instance}>
          <StyledCode>{instance.instance}</StyledCode> <Badge tone={TONES[instance.state] ?? 'neutral'}>{instance.state}</Badge>{' '}
          {instance.restarts === 1 ? '1 restart' : `${instance.restarts} restarts`}
        </li>
      ))}
    </StyledList>
  );
}
