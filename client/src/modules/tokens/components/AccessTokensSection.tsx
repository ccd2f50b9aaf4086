import styled from '@emotion/styled';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { AccessTokenRowFragment } from '../../../generated/graphql';
import { useAccessTokensQuery, useRevokeAccessTokenMutation, useTokenProjectsQuery } from '../../../generated/hooks';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { useCreateTokenForm } from '../hooks/useCreateTokenForm';
import { AccessTokenTable } from './AccessTokenTable';
import { CreateTokenForm } from './CreateTokenForm';
import { NewTokenNotice } from './NewTokenNotice';

const StyledText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 4), color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }));

const StyledSubheading = styled.h3(({ theme }) => ({ margin: theme.spacing(5, 0, 3), fontSize: theme.fontSizes.md }));

const StyledStatus = styled.p(({ theme }) => ({ color: theme.colors.success, fontSize: theme.fontSizes.sm }));

/** Settings' personal access tokens: create (the secret shown once), list with last use, revoke. */
export function AccessTokensSection() {
  const { data, loading, error, refetch } = useAccessTokensQuery({ notifyOnNetworkStatusChange: true });
  const form = useCreateTokenForm();
  // The projects a token can be limited to (the first 100); without them the form offers no limit.
  const { data: projectChoices } = useTokenProjectsQuery();
  const [revoke] = useRevokeAccessTokenMutation();
  const [revoking, setRevoking] = useState<string | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);

  const onRevoke = async (token: AccessTokenRowFragment) => {
    setRevoking(token.id);
    setRevokeError(null);
    setRevoked(null);
    try {
      await revoke({ variables: { id: token.id } });
      setRevoked(`Token “${token.name}” revoked: it no longer works.`);
    } catch (caught) {
      setRevokeError(apiErrorMessage(caught, 'Failed to revoke the token'));
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Card aria-label="Access tokens">
      <CardTitle>Access tokens</CardTitle>
      <StyledText>
        Personal access tokens let scripts and CI pipelines use the API as you, within the scopes you choose: send one as
        Authorization: Bearer. A token is shown once; revoke it here as soon as it is no longer needed.
      </StyledText>
      {form.created && <NewTokenNotice created={form.created} onDone={form.dismissCreated} />}
      <CreateTokenForm initialValues={form.initialValues} validate={form.validate} onSubmit={form.onSubmit} projects={projectChoices?.projects.projects ?? []} />
      <StyledSubheading>Your tokens</StyledSubheading>
      {loading && <LoadingText>Loading access tokens...</LoadingText>}
      {!loading && error && <ErrorBanner message={apiErrorMessage(error, 'Failed to load access tokens')} onRetry={() => void refetch().catch(() => undefined)} />}
      {revokeError && <ErrorBanner message={revokeError} onDismiss={() => setRevokeError(null)} />}
      <div role="status">{revoked && <StyledStatus>{revoked}</StyledStatus>}</div>
      {!loading && !error && data && <AccessTokenTable tokens={data.accessTokens} revoking={revoking} onRevoke={(token) => void onRevoke(token)} />}
    </Card>
  );
}
