import styled from '@emotion/styled';
import { Button } from '../../../ui/Button';
import type { ConnectionTestState } from '../hooks/useSettingsForm';

const StyledRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'flex-start', gap: theme.spacing(3), flexWrap: 'wrap' }));

const StyledStatus = styled.div({ flex: '1 1 280px' });

const StyledResult = styled('p', { shouldForwardProp: (prop) => prop !== 'ok' })<{ ok: boolean }>(({ theme, ok }) => ({
  margin: 0,
  fontSize: theme.fontSizes.sm,
  color: ok ? theme.colors.success : theme.colors.danger,
  overflowWrap: 'anywhere',
}));

export interface ConnectionTestProps {
  /** The provider's name for people: 'Docker Hub', 'the DOKS cluster'. */
  name: string;
  state: ConnectionTestState | undefined;
  onTest: () => void;
}

/** A section's Test connection button and what the test found, announced politely as it arrives. */
export function ConnectionTest({ name, state, onTest }: ConnectionTestProps) {
  const testing = state?.status === 'testing';
  return (
    <StyledRow>
      <Button variant="secondary" size="sm" aria-label={`Test connection to ${name}`} disabled={testing} onClick={onTest}>
        {testing ? 'Testing...' : 'Test connection'}
      </Button>
      <StyledStatus role="status">
        {state?.status === 'done' &&
          (state.result.ok ? (
            <StyledResult ok>Connected: {state.result.message}</StyledResult>
          ) : (
            <StyledResult ok={false}>
              Not connected to {state.result.host}: {state.result.message}
            </StyledResult>
          ))}
        {state?.status === 'failed' && <StyledResult ok={false}>{state.error}</StyledResult>}
      </StyledStatus>
    </StyledRow>
  );
}
