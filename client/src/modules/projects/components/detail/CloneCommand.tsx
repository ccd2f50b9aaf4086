import styled from '@emotion/styled';
import { useState } from 'react';
import { Button } from '../../../../ui/Button';
import { COPIED_MESSAGE, COPIED_MESSAGE_MS } from '../../../../ui/clipboard';
import { useFlash } from '../../../../ui/useFlash';

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

/** `git clone <url>` for the project's repository (a file:// URL in local mode), with Copy. */
export function CloneCommand({ repositoryUrl }: { repositoryUrl: string }) {
  const command = cloneCommand(repositoryUrl);
  const [copied, flashCopied] = useFlash<string>(COPIED_MESSAGE_MS);
  const [failed, setFailed] = useState(false);
  const copy = () => {
    setFailed(false);
    navigator.clipboard.writeText(command).then(
      () => flashCopied(COPIED_MESSAGE),
      () => setFailed(true),
    );
  };
  return (
    <StyledRow>
      <StyledCode>{command}</StyledCode>
      <Button size="sm" variant="secondary" onClick={copy} aria-label="Copy git clone command">
        Copy
      </Button>
      <StyledNote role="status">{failed ? 'Failed to copy to clipboard' : copied}</StyledNote>
    </StyledRow>
  );
}
