import styled from '@emotion/styled';
import { useId } from 'react';
import { Button } from '../../../../ui/Button';
import { Card, CardTitle } from '../../../../ui/Card';
import { StyledLabel, controlStyles } from '../../../../ui/fields/FieldShell';
import { useCopyToClipboard } from '../../../../ui/useCopyToClipboard';

const StyledText = styled.p(({ theme }) => ({ margin: 0, marginBottom: theme.spacing(3), fontSize: theme.fontSizes.sm, color: theme.colors.textMuted }));

const StyledRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2), marginTop: theme.spacing(1.5) }));

const StyledUrl = styled.input(({ theme }) => ({
  ...controlStyles({ theme, invalid: false }),
  flex: '1 1 auto',
  minWidth: 0,
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
}));

const StyledSubtitle = styled.h3(({ theme }) => ({
  margin: 0,
  marginTop: theme.spacing(4),
  marginBottom: theme.spacing(2),
  fontSize: theme.fontSizes.md,
  fontWeight: theme.fontWeights.bold,
}));

const StyledCommands = styled.pre(({ theme }) => ({
  flex: '1 1 auto',
  minWidth: 0,
  margin: 0,
  padding: theme.spacing(2, 3),
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.sm,
  background: theme.colors.surfaceMuted,
  borderRadius: theme.radii.sm,
  overflowX: 'auto',
}));

const StyledStatus = styled.p(({ theme }) => ({ margin: 0, marginTop: theme.spacing(2), minHeight: '1.25em', fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

/** The commands that push an existing repository to Slipway's (its remote named 'slipway'). */
export const pushCommands = (cloneUrl: string) => `git remote add slipway ${cloneUrl}\ngit push slipway main`;

/**
 * Where git reaches the project's repository over HTTP (clone, fetch, push), with Copy, and how to push an existing
 * repository to it. git asks for the user's Slipway email and password.
 */
export function GitAccessCard({ cloneUrl }: { cloneUrl: string }) {
  const urlId = useId();
  const titleId = useId();
  const commandsTitleId = useId();
  const { copy, message } = useCopyToClipboard();
  const commands = pushCommands(cloneUrl);
  return (
    <Card aria-labelledby={titleId}>
      <CardTitle id={titleId}>Clone and push</CardTitle>
      <StyledText>
        Clone, fetch and push this project’s repository with git over HTTP. When git asks, sign in with your Slipway email and
        password. A version you create afterwards builds the commit you pushed.
      </StyledText>
      <StyledLabel htmlFor={urlId}>Clone URL</StyledLabel>
      <StyledRow>
        <StyledUrl id={urlId} type="text" readOnly value={cloneUrl} onFocus={(event) => event.currentTarget.select()} />
        <Button size="sm" variant="secondary" onClick={() => copy(cloneUrl)} aria-label="Copy clone URL">
          Copy
        </Button>
      </StyledRow>
      <StyledSubtitle id={commandsTitleId}>Push an existing repository</StyledSubtitle>
      <StyledRow>
        <StyledCommands role="region" aria-labelledby={commandsTitleId} tabIndex={0}>
          <code>{commands}</code>
        </StyledCommands>
        <Button size="sm" variant="secondary" onClick={() => copy(commands)} aria-label="Copy push commands">
          Copy
        </Button>
      </StyledRow>
      <StyledStatus role="status">{message}</StyledStatus>
    </Card>
  );
}
