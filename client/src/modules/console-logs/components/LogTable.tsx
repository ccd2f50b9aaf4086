import styled from '@emotion/styled';
import type { KeyboardEvent } from 'react';
import type { LogRowFragment } from '../../../generated/graphql';
import { Table } from '../../../ui/Table';
import { absoluteTime, relativeTime, shortId } from '../log-format';
import { SuccessBadge, TypeBadge } from './LogBadges';

const StyledRow = styled('tr', { shouldForwardProp: (prop) => prop !== 'selected' })<{ selected: boolean }>(({ theme, selected }) => ({
  cursor: 'pointer',
  background: selected ? theme.colors.primarySoft : 'transparent',
  '&:hover': { background: selected ? theme.colors.primarySoft : theme.colors.surfaceMuted },
}));

const StyledCommand = styled.code(({ theme }) => ({
  display: 'block',
  maxWidth: '420px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontFamily: theme.fonts.mono,
}));

const StyledId = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono, color: theme.colors.textMuted }));

const StyledNowrap = styled.td({ whiteSpace: 'nowrap' });

interface LogTableProps {
  logs: readonly LogRowFragment[];
  selectedId: string | null;
  now: number;
  onOpen(id: string): void;
}

/** One row per command, newest first; a click (or Enter/Space on a focused row) opens its details. */
export function LogTable({ logs, selectedId, now, onOpen }: LogTableProps) {
  const onKeyDown = (event: KeyboardEvent, id: string) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onOpen(id);
  };

  return (
    <Table caption="Command logs" hideCaption columns={['Time', 'Command', 'Type', 'Result', 'ID']}>
      {logs.map((log) => (
        <StyledRow
          key={log.id}
          tabIndex={0}
          selected={log.id === selectedId}
          aria-current={log.id === selectedId ? 'true' : undefined}
          onClick={() => onOpen(log.id)}
          onKeyDown={(event) => onKeyDown(event, log.id)}
        >
          <StyledNowrap>
            <time dateTime={log.createdAt} title={absoluteTime(log.createdAt)}>
              {relativeTime(log.createdAt, now)}
            </time>
          </StyledNowrap>
          <td>
            <StyledCommand title={log.command}>{log.command}</StyledCommand>
          </td>
          <td>
            <TypeBadge type={log.type} />
          </td>
          <td>
            <SuccessBadge success={log.success} />
          </td>
          <td>
            <StyledId title={log.id}>{shortId(log.id)}</StyledId>
          </td>
        </StyledRow>
      ))}
    </Table>
  );
}
