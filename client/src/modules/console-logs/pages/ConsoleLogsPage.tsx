import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { useCommandLogsQuery } from '../../../generated/hooks';
import { Card } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { Pager } from '../../../ui/Pager';
import { LogDetailPanel } from '../components/LogDetailPanel';
import { LogFilters } from '../components/LogFilters';
import { LogTable } from '../components/LogTable';
import { useLogDetailPanel } from '../hooks/useLogDetailPanel';
import { useLogFilters } from '../hooks/useLogFilters';
import { useNow } from '../hooks/useNow';
import { LOG_PAGE_BUTTONS, LOG_PAGE_SIZE } from '../log-format';

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

const StyledEmpty = styled.div(({ theme }) => ({ padding: theme.spacing(8, 4), textAlign: 'center' }));

const StyledEmptyTitle = styled.p(({ theme }) => ({ margin: 0, fontWeight: theme.fontWeights.bold }));

const StyledEmptyHint = styled.p(({ theme }) => ({ margin: theme.spacing(1, 0, 0), color: theme.colors.textMuted }));

/** Every command the user has run, filtered and paged, with a side panel for one log's details. */
export function ConsoleLogsPage() {
  const { filters, active, update, setPage, clear } = useLogFilters();
  const panel = useLogDetailPanel();
  const now = useNow();
  const { data, previousData, error, refetch } = useCommandLogsQuery({
    variables: {
      filter: { page: filters.page, pageSize: LOG_PAGE_SIZE, type: filters.type, success: filters.success, command: filters.command },
    },
    // Commands run since the last visit are in the log but not in the cache.
    fetchPolicy: 'cache-and-network',
  });
  const list = (data ?? previousData)?.commandLogs;

  return (
    <>
      <PageHeader
        title="Console Logs"
        subtitle={list ? `${list.total} ${list.total === 1 ? 'command' : 'commands'}, newest first` : 'Every command you ran, newest first'}
      />
      <LogFilters filters={filters} active={active} onChange={update} onClear={clear} />
      {error && (
        <StyledBanner>
          <ErrorBanner
            message={apiErrorMessage(error, 'Failed to fetch command logs')}
            // The hook reports the outcome of a retry; its promise's rejection adds nothing.
            onRetry={() => void refetch().catch(() => undefined)}
          />
        </StyledBanner>
      )}
      <Card>
        {!list && !error && <LoadingText>Loading command logs...</LoadingText>}
        {list && list.logs.length === 0 && (
          <StyledEmpty>
            <StyledEmptyTitle>No command logs found</StyledEmptyTitle>
            <StyledEmptyHint>
              {active ? 'Try adjusting your filters.' : <>Run a command in the <Link to="/dashboard/console">Console</Link> to see it here.</>}
            </StyledEmptyHint>
          </StyledEmpty>
        )}
        {list && list.logs.length > 0 && <LogTable logs={list.logs} selectedId={panel.open ? panel.logId : null} now={now} onOpen={panel.show} />}
        {list && (
          <Pager
            page={list.page}
            totalPages={list.totalPages}
            windowSize={LOG_PAGE_BUTTONS}
            edges="first-last"
            summary={`Page ${list.page} of ${list.totalPages}`}
            onPage={setPage}
          />
        )}
      </Card>
      <LogDetailPanel logId={panel.logId} open={panel.open} now={now} onClose={panel.close} />
    </>
  );
}
