import styled from '@emotion/styled';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { useMemo, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { useAuth } from '../../../app/auth/auth-context';
import { ActivityList } from '../../audit/components/ActivityList';
import { serverSubmissionErrors } from '../../../app/errors/server-field-errors';
import { type Role, type UserRowFragment, UsersDocument } from '../../../generated/graphql';
import { useDeleteUserMutation, useSetUserDisabledMutation, useUpdateUserMutation, useUsersQuery } from '../../../generated/hooks';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { SearchBox } from '../../../ui/SearchBox';
import { CreateUserForm } from '../components/CreateUserForm';
import { UserActionDialog } from '../components/UserActionDialog';
import { type UserAction, UserTable } from '../components/UserTable';

const StyledSections = styled.div(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(5) }));

const StyledStatus = styled.p(({ theme }) => ({ color: theme.colors.success, fontSize: theme.fontSizes.sm }));

const StyledLabel = styled.label(({ theme }) => ({ display: 'block', marginBottom: theme.spacing(2), fontSize: theme.fontSizes.sm, fontWeight: theme.fontWeights.medium }));

const StyledSearch = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4), maxWidth: 360 }));

const DONE: Record<UserAction, (name: string) => string> = {
  disable: (name) => `${name} is disabled: signed out everywhere, tokens stopped.`,
  enable: (name) => `${name} is enabled again.`,
  delete: (name) => `${name} was deleted.`,
  resetPassword: (name) => `The password of ${name} was reset: they were signed out everywhere.`,
};

function matches(user: UserRowFragment, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || user.name.toLowerCase().includes(needle) || user.email.includes(needle);
}

/** /dashboard/users (managers and admins): find, create, change the role of, disable, enable and delete accounts. */
export function UsersPage() {
  const { user: me } = useAuth();
  const { data, loading, error, refetch } = useUsersQuery({ notifyOnNetworkStatusChange: true });
  const [updateUser] = useUpdateUserMutation();
  const [setDisabled] = useSetUserDisabledMutation();
  const [deleteUser] = useDeleteUserMutation();
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<{ user: UserRowFragment; action: UserAction } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const shown = useMemo(() => (data?.users ?? []).filter((user) => matches(user, search)), [data, search]);

  if (!me) return null;

  const onRoleChange = async (user: UserRowFragment, role: Role) => {
    setBusy(user.id);
    setActionError(null);
    setStatus(null);
    try {
      await updateUser({ variables: { id: user.id, input: { role } } });
      setStatus(`${user.name} is now ${role === 'admin' ? 'an' : 'a'} ${role}.`);
    } catch (caught) {
      setActionError(apiErrorMessage(caught, 'Failed to change the role'));
    } finally {
      setBusy(null);
    }
  };

  const onConfirm = async (password?: string): Promise<SubmissionErrors | undefined> => {
    if (!pending) return undefined;
    const { user, action } = pending;
    setStatus(null);
    setActionError(null);
    try {
      if (action === 'delete') await deleteUser({ variables: { id: user.id }, refetchQueries: [UsersDocument], awaitRefetchQueries: true });
      else if (action === 'resetPassword') await updateUser({ variables: { id: user.id, input: { password } } });
      else await setDisabled({ variables: { id: user.id, disabled: action === 'disable' } });
    } catch (caught) {
      return action === 'resetPassword' ? serverSubmissionErrors(caught, ['password'], 'Failed to reset the password') : { [FORM_ERROR]: apiErrorMessage(caught, `Failed to ${action} the user`) };
    }
    setPending(null);
    setStatus(DONE[action](user.name));
    return undefined;
  };

  return (
    <>
      <PageHeader title="Users" subtitle="Accounts on this Slipway: who they are, their role, and whether they can sign in." />
      <StyledSections>
        <Card aria-label="All users">
          <CardTitle>All users</CardTitle>
          <StyledSearch>
            <StyledLabel htmlFor="users-search">Search by name or email</StyledLabel>
            <SearchBox id="users-search" value={search} onChange={setSearch} placeholder="e.g. ada or @example.com" />
          </StyledSearch>
          {actionError && <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} />}
          <div role="status">{status && <StyledStatus>{status}</StyledStatus>}</div>
          {loading && <LoadingText>Loading users...</LoadingText>}
          {!loading && error && <ErrorBanner message={apiErrorMessage(error, 'Failed to load users')} onRetry={() => void refetch().catch(() => undefined)} />}
          {!loading && !error && data && (
            <UserTable users={shown} me={me} busy={busy} onRoleChange={(user, role) => void onRoleChange(user, role)} onAction={(user, action) => setPending({ user, action })} />
          )}
        </Card>
        <Card aria-label="Create a user">
          <CardTitle>Create a user</CardTitle>
          <CreateUserForm canGrantRoles={me.role === 'admin'} onCreated={(user) => setStatus(`${user.name} can now sign in as ${user.email}.`)} />
        </Card>
        {me?.role === 'admin' && <ActivityList title="Activity on this Slipway" />}
      </StyledSections>
      {pending && <UserActionDialog user={pending.user} action={pending.action} onClose={() => setPending(null)} onConfirm={onConfirm} />}
    </>
  );
}
