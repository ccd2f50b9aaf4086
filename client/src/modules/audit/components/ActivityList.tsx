import styled from '@emotion/styled';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { useAuditAppendedSubscription, useAuditLogQuery } from '../../../generated/hooks';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { Table } from '../../../ui/Table';
import { formatDateTime } from '../../projects/components/detail/project-format';

/** Entries listed: the newest, the live ones included. */
const LIMIT = 100;

const StyledDetails = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono, fontSize: theme.fontSizes.xs, wordBreak: 'break-word' }));

/**
 * The latest audit entries (a project's, or for admins everyone's): who did what, when, from where, and the result.
 * Entries written while it is shown arrive over the auditAppended subscription and go on top.
 */
export function ActivityList({ projectId, title }: { projectId?: string; title: string }) {
  const { data, loading, error, refetch, updateQuery } = useAuditLogQuery({ variables: { projectId: projectId ?? null, filter: { limit: LIMIT } }, fetchPolicy: 'network-only' });
  // Followed from the newest entry of the first answer, so nothing written meanwhile is missed.
  const [after, setAfter] = useState<string | null>(null);
  if (data && after === null) setAfter(data.auditLog[0]?.seq ?? '0');
  useAuditAppendedSubscription({
    skip: after === null,
    variables: { projectId: projectId ?? null, after },
    onData: ({ data: result }) => {
      const entry = result.data?.auditAppended;
      if (!entry) return;
      updateQuery((_, { complete, previousData }) => {
        if (!complete || previousData.auditLog.some((known) => known.seq === entry.seq)) return undefined;
        return { ...previousData, auditLog: [entry, ...previousData.auditLog].slice(0, LIMIT) };
      });
    },
  });
  const entries = data?.auditLog ?? [];
  return (
    <Card aria-label={title}>
      <CardTitle>{title}</CardTitle>
      {loading && !data && <LoadingText>Loading activity...</LoadingText>}
      {error && <ErrorBanner message={apiErrorMessage(error, 'Failed to load the activity')} onRetry={() => void refetch().catch(() => undefined)} />}
      {data && !entries.length && <p>No activity yet.</p>}
      {entries.length > 0 && (
        <Table caption={`${title}, newest first`} hideCaption columns={['When', 'Who', 'Action', 'Details', 'Result', 'From']}>
          {entries.map((entry) => (
            <tr key={entry.seq}>
              <td>{formatDateTime(entry.at)}</td>
              <td>
                {entry.actorEmail ?? 'Unknown'}
                {entry.actorTokenId ? ' (token)' : ''}
              </td>
              <th scope="row">{entry.action}</th>
              <td>
                <StyledDetails>{[entry.target, entry.details === '{}' ? null : entry.details].filter(Boolean).join(' ')}</StyledDetails>
              </td>
              <td>{entry.result}</td>
              <td>{entry.address ?? ''}</td>
            </tr>
          ))}
        </Table>
      )}
    </Card>
  );
}
