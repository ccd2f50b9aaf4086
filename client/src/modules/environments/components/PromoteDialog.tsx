import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { PromotionPlanQuery } from '../../../generated/graphql';
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

const StyledCommits = styled.ol(({ theme }) => ({
  margin: 0,
  marginBottom: theme.spacing(3),
  paddingLeft: theme.spacing(5),
  maxHeight: '14rem',
  overflowY: 'auto',
  fontSize: theme.fontSizes.sm,
  li: { marginBottom: theme.spacing(1), overflowWrap: 'anywhere' },
  code: { fontFamily: theme.fonts.mono },
}));

const short = (sha: string | null | undefined) => (sha ? sha.slice(0, 8) : 'none');

type CommitRange = NonNullable<PromotionPlanQuery['promotionPlan']['commits']>;

const RANGE_TEXT: Record<CommitRange['kind'], (from: string, to: string, range: CommitRange) => string> = {
  forward: (_from, to, range) => `Commits ${to} gains (${range.commits.length + range.more}), newest first`,
  diverged: (from, to, range) => `Commits ${to} gains (${range.commits.length + range.more}), newest first; ${range.behind} of ${to}'s own commits are not in ${from} and leave it`,
  rollback: (from, to, range) => `This is a rollback: ${to} runs ${range.commits.length + range.more} newer commits than ${from}, which leave it, newest first`,
  same: () => '',
  initial: (from, to) => `${to} serves nothing yet: the latest commits of ${from}, newest first`,
};

/** The commits the promotion moves the target over, as an ordered list with a caption a screen reader announces. */
function CommitList({ from, to, range }: { from: string; to: string; range: CommitRange | null }) {
  const headingId = useId();
  if (!range) return <StyledText>The commits between the two could not be read from the repository.</StyledText>;
  if (range.kind === 'same') return <StyledText>Both run the same commit.</StyledText>;
  return (
    <>
      <StyledText id={headingId}>{RANGE_TEXT[range.kind](from, to, range)}</StyledText>
      {/* Focusable so that a keyboard can scroll a long list. */}
      <StyledCommits aria-labelledby={headingId} tabIndex={0}>
        {range.commits.map((commit) => (
          <li key={commit.sha}>
            <code>{commit.sha.slice(0, 8)}</code> {commit.message} ({commit.author}, <time dateTime={commit.date}>{commit.date.slice(0, 10)}</time>)
          </li>
        ))}
      </StyledCommits>
      {range.more > 0 && <StyledText>and {range.more} more</StyledText>}
    </>
  );
}

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
          <CommitList from={from} to={to} range={plan.commits ?? null} />
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
