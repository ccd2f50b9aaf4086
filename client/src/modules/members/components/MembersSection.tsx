import styled from '@emotion/styled';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { MemberRole, ProjectMemberRowFragment } from '../../../generated/graphql';
import { useProjectMembersQuery, useRemoveProjectMemberMutation, useUpdateProjectMemberMutation } from '../../../generated/hooks';
import { Button } from '../../../ui/Button';
import { Card, CardTitle } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { LoadingText } from '../../../ui/Loading';
import { Table } from '../../../ui/Table';
import { ROLE_OPTIONS, useAddMemberForm } from '../hooks/useAddMemberForm';
import { AddMemberForm } from './AddMemberForm';

const StyledText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 4), color: theme.colors.textMuted, fontSize: theme.fontSizes.sm }));

const StyledTable = styled(Table)(({ theme }) => ({ marginBottom: theme.spacing(5) }));

const StyledSelect = styled.select(({ theme }) => ({ padding: theme.spacing(1, 2), fontSize: theme.fontSizes.sm, borderRadius: theme.radii.sm, border: `1px solid ${theme.colors.border}` }));

const StyledStatus = styled.p(({ theme }) => ({ color: theme.colors.success, fontSize: theme.fontSizes.sm }));

/**
 * The project's members: everyone who reaches the project sees the list; its owner and maintainers add members,
 * change their roles and remove them. A status line says what changed, for screen readers too.
 */
export function MembersSection({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const { data, loading, error, refetch } = useProjectMembersQuery({ variables: { projectId } });
  const [status, setStatus] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [update] = useUpdateProjectMemberMutation();
  const [remove] = useRemoveProjectMemberMutation();
  const form = useAddMemberForm(projectId, (email) => setStatus(`${email} was added.`));

  const act = async (member: ProjectMemberRowFragment, work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(member.userId);
    setStatus(null);
    setActionError(null);
    try {
      await work();
      setStatus(done);
    } catch (caught) {
      setActionError(apiErrorMessage(caught, failed));
    } finally {
      setBusy(null);
    }
  };
  const changeRole = (member: ProjectMemberRowFragment, role: MemberRole) =>
    act(member, () => update({ variables: { projectId, userId: member.userId, role } }), `${member.email} is now ${role}.`, 'Failed to change the role');
  const removeMember = (member: ProjectMemberRowFragment) =>
    act(
      member,
      async () => {
        await remove({ variables: { projectId, userId: member.userId } });
        await refetch();
      },
      `${member.email} was removed.`,
      'Failed to remove the member',
    );

  const members = data?.projectMembers ?? [];
  return (
    <Card aria-label="Members">
      <CardTitle>Members</CardTitle>
      <StyledText>
        Members see this project with their role: viewers read it, developers also build and deploy, maintainers also change its settings and members
        and delete it. The project keeps using its owner&apos;s provider settings; members never see them.
      </StyledText>
      {loading && !data && <LoadingText>Loading members...</LoadingText>}
      {!loading && error && <ErrorBanner message={apiErrorMessage(error, 'Failed to load the members')} onRetry={() => void refetch().catch(() => undefined)} />}
      {actionError && <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} />}
      <div role="status">{status && <StyledStatus>{status}</StyledStatus>}</div>
      {data && !members.length && <p>No members yet: only the owner reaches this project.</p>}
      {members.length > 0 && (
        <StyledTable caption="Project members" hideCaption columns={['Member', 'Role', ...(canManage ? [{ label: 'Actions', hidden: true } as const] : [])]}>
          {members.map((member) => (
            <tr key={member.userId}>
              <th scope="row">
                {member.name} ({member.email})
              </th>
              <td>
                {canManage ? (
                  <StyledSelect
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    disabled={busy === member.userId}
                    onChange={(event) => void changeRole(member, event.target.value as MemberRole)}
                  >
                    {ROLE_OPTIONS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.value}
                      </option>
                    ))}
                  </StyledSelect>
                ) : (
                  member.role
                )}
              </td>
              {canManage && (
                <td>
                  <Button variant="danger" size="sm" aria-label={`Remove ${member.email}`} disabled={busy === member.userId} onClick={() => void removeMember(member)}>
                    Remove
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </StyledTable>
      )}
      {canManage && <AddMemberForm {...form} />}
    </Card>
  );
}
