import type { Theme } from '@emotion/react';
import styled from '@emotion/styled';
import { useEffect, useRef } from 'react';
import type { CommandResultType } from '../../../generated/graphql';
import type { TerminalEntry } from '../hooks/useTerminal';

const StyledOutput = styled.div(({ theme }) => ({
  height: '360px',
  overflowY: 'auto',
  padding: theme.spacing(3, 4),
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
  background: theme.colors.surfaceMuted,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.md,
  [theme.breakpoints.sm]: { height: '280px' },
}));

const StyledEmpty = styled.p(({ theme }) => ({ margin: 0, color: theme.colors.textMuted }));

const StyledEntry = styled.div(({ theme }) => ({ '& + &': { marginTop: theme.spacing(3) } }));

const StyledPrompt = styled.div(({ theme }) => ({
  fontWeight: theme.fontWeights.bold,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  '&::before': { content: '"$ "', color: theme.colors.primary },
}));

const typeColor = (theme: Theme, type: CommandResultType) =>
  ({ output: theme.colors.text, error: theme.colors.danger, success: theme.colors.success, info: theme.colors.info })[type];

const StyledResult = styled('pre', { shouldForwardProp: (prop) => prop !== 'resultType' })<{ resultType: CommandResultType }>(
  ({ theme, resultType }) => ({
    margin: theme.spacing(1, 0, 0),
    fontFamily: 'inherit',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    color: typeColor(theme, resultType),
  }),
);

const StyledPending = styled.div(({ theme }) => ({ marginTop: theme.spacing(1), color: theme.colors.textMuted }));

/** Every command run since the last clear, each followed by its result, coloured by the result's type. */
export function TerminalOutput({ entries }: { entries: readonly TerminalEntry[] }) {
  const area = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = area.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [entries]);

  return (
    <StyledOutput ref={area} role="log" aria-label="Terminal output" tabIndex={0}>
      {entries.length === 0 && <StyledEmpty>Type &apos;help&apos; to see all available commands.</StyledEmpty>}
      {entries.map((entry) => (
        <StyledEntry key={entry.id} data-testid="terminal-entry">
          <StyledPrompt>{entry.command}</StyledPrompt>
          {entry.result ? (
            <StyledResult resultType={entry.result.type} data-type={entry.result.type}>
              {entry.result.output}
            </StyledResult>
          ) : (
            <StyledPending>Running...</StyledPending>
          )}
        </StyledEntry>
      ))}
    </StyledOutput>
  );
}
