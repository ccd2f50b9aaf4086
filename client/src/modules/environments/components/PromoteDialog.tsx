import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { usePromoteEnvironmentMutation, usePromotionPlanQuery } from '../../../generated/hooks';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { Modal } from '../../../ui/Modal';

const StyledText = styled.p(({ theme }) => ({ margin: 0, marginBottom: theme.spacing(3), fontSize: theme.fontSizes.sm }));

const StyledTable = styled.table(({ theme }) => ({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: theme.fontSizes.sm,
  caption: { textAlign: 'left', fontWeight: theme.fontWeights.bold, marginBottom: theme.spacing(2) },
  'th, td': { textAlign: 'left', padding: theme.spacing(1.5, 2), borderBottom: `1px solid ${theme.colors.border}`, overflowWrap: 'anywhere' },
}));

const short = (sha: string | null | undefined) => (sha ? sha.slice(0, 8) : 'none');

/**
 * Promote `from`'s serving build into `to`: shows the commit range and where the two environments' variables differ
 * (names only for sensitive ones) before the user confirms. The build is not rebuilt; `to` keeps its own variables.
 */
export function PromoteDialog({ projectId, from, to, onClose }: { projectId: string; from: string; to: string; onClose: () => void }) {
  const { data, loading, error } = usePromotionPlanQuery({ variables: { projectId, name: to, from }, fetchPolicy: 'network-only' });
  const [promote, { loading: promoting, error: promoteError }] = usePromoteEnvironmentMutation({ refetchQueries: ['ProjectEnvironments'] });
  const [done, setDone] = useState(false);
  const captionId = useId();
  const plan = data?.promotionPlan;
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={`Promote ${from} to ${to}`}
      size="md"
      dismissible={!promoting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={promoting}>
            {done ? 'Done' : 'Cancel'}
          </Button>
          {!done && (
            <Button
              onClick={() =>
                void promote({ variables: { projectId, name: to, from } })
                  .then(() => setDone(true))
                  .catch(() => undefined)
              }
              disabled={!plan || promoting}
            >
              {promoting ? 'Promoting...' : 'Promote'}
            </Button>
          )}
        </>
      }
    >
      {loading && <LoadingText>Loading what would change...</LoadingText>}
      {error && <ErrorBanner message={apiErrorMessage(error, 'Failed to load the promotion')} />}
      {promoteError && <ErrorBanner message={apiErrorMessage(promoteError, 'Failed to promote')} />}
      {done && <StyledText role="status">Promotion started: {to} is rolling out the build from {from}.</StyledText>}
      {plan && !done && (
        <>
          <StyledText>
            {to} goes from {plan.current?.version?.versionTag ?? 'nothing'} (commit {short(plan.current?.version?.gitCommitSha)}) to{' '}
            {plan.deployment.version?.versionTag ?? 'the build'} (commit {short(plan.deployment.version?.gitCommitSha)}), the same build that serves {from}: nothing is rebuilt.
          </StyledText>
          {plan.variables.length === 0 ? (
            <StyledText>Both environments run with the same variables.</StyledText>
          ) : (
            <StyledTable aria-describedby={captionId}>
              <caption id={captionId}>Variables that differ ({to} keeps its own)</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">In {from}</th>
                  <th scope="col">In {to}</th>
                </tr>
              </thead>
              <tbody>
                {plan.variables.map((variable) => (
                  <tr key={variable.name}>
                    <th scope="row">{variable.name}</th>
                    <td>{variable.sensitive ? 'Sensitive (hidden)' : (variable.sourceValue ?? 'Not set')}</td>
                    <td>{variable.sensitive ? 'Sensitive (hidden)' : (variable.targetValue ?? 'Not set')}</td>
                  </tr>
                ))}
              </tbody>
            </StyledTable>
          )}
        </>
      )}
    </Modal>
  );
}
