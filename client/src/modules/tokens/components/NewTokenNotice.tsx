import styled from '@emotion/styled';
import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/Button';
import { COPIED_MESSAGE, COPIED_MESSAGE_MS } from '../../../ui/clipboard';
import { useFlash } from '../../../ui/useFlash';
import type { CreatedToken } from '../hooks/useCreateTokenForm';

const StyledNotice = styled.section(({ theme }) => ({
  padding: theme.spacing(4),
  marginBottom: theme.spacing(4),
  border: `1px solid ${theme.colors.success}`,
  borderRadius: theme.radii.md,
  background: theme.colors.surfaceMuted,
}));

const StyledHeading = styled.h3(({ theme }) => ({ margin: theme.spacing(0, 0, 2), fontSize: theme.fontSizes.md }));

const StyledRow = styled.div(({ theme }) => ({ display: 'flex', gap: theme.spacing(2), alignItems: 'center', flexWrap: 'wrap', marginTop: theme.spacing(2) }));

const StyledSecret = styled.input(({ theme }) => ({
  flex: '1 1 28rem',
  padding: theme.spacing(2, 3),
  fontFamily: theme.fonts.mono,
  color: theme.colors.text,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radii.md,
}));

const StyledCopied = styled.span(({ theme }) => ({ fontSize: theme.fontSizes.sm, color: theme.colors.success }));

/** The secret of the token just created, once: focus moves here so a screen reader announces it. */
export function NewTokenNotice({ created, onDone }: { created: CreatedToken; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, flashCopied] = useFlash<boolean>(COPIED_MESSAGE_MS);
  useEffect(() => heading.current?.focus(), [created]);
  return (
    <StyledNotice aria-labelledby="new-token-heading">
      <StyledHeading id="new-token-heading" ref={heading} tabIndex={-1}>
        Token “{created.token.name}” created
      </StyledHeading>
      <p>Copy it now: Slipway keeps only its hash and will not show it again.</p>
      <StyledRow>
        <label htmlFor="new-token-secret">Token</label>
        <StyledSecret id="new-token-secret" readOnly value={created.secret} onFocus={(event) => event.currentTarget.select()} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void navigator.clipboard.writeText(created.secret).then(() => flashCopied(true), () => undefined)}
        >
          Copy token
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </StyledRow>
      {copied && <StyledCopied role="status">{COPIED_MESSAGE}</StyledCopied>}
    </StyledNotice>
  );
}
