import styled from '@emotion/styled';
import { Button } from '../../../../ui/Button';
import { useCopyToClipboard } from '../../../../ui/useCopyToClipboard';

const StyledRow = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2), flexWrap: 'wrap' }));

const StyledCode = styled.code(({ theme }) => ({
  padding: theme.spacing(1, 2),
  fontFamily: theme.fonts.mono,
  fontSize: theme.fontSizes.xs,
  background: theme.colors.surfaceMuted,
  borderRadius: theme.radii.sm,
  overflowWrap: 'anywhere',
}));

const StyledNote = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.xs, color: theme.colors.textMuted }));

export const cloneCommand = (repositoryUrl: string) => `git clone ${repositoryUrl}`;

/** `git clone <url>` for the project's repository (its clone URL over HTTP in local mode), with Copy. */
export function CloneCommand({ repositoryUrl }: { repositoryUrl: string }) {
  const command = cloneCommand(repositoryUrl);
  const { copy, message } = useCopyToClipboard();
  return (
    <StyledRow>
      <StyledCode>{command}</StyledCode>
      <Button size="sm" variant="secondary" onClick={() => copy(command)} aria-label="Copy git clone command">
        Copy
      </Button>
      <StyledNote role="status">{message}</StyledNote>
    </StyledRow>
  );
}
