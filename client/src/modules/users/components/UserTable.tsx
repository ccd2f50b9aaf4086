import styled from '@emotion/styled';
import type { Role, UserRowFragment } from '../../../generated/graphql';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Table } from '../../../ui/Table';
import { formatDateTime } from '../../projects/components/detail/project-format';
import { ROLE_OPTIONS } from '../hooks/useCreateUserForm';

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2) }));

const StyledSelect = styled.select(({ theme }) => ({ padding: theme.spacing(1, 2), fontSize: theme.fontSizes.sm, borderRadius: theme.radii.md, border: `1px solid ${theme.colors.border}` }));

export type UserAction = 'disable' | 'enable' | 'delete' | 'resetPassword';

const ROLE_LABEL: Record<Role, string> = { user: 'User', manager: 'Manager', admin: 'Admin' };
const ROLE_LEVEL: Record<Role, number> = { user: 0, manager: 1, admin: 2 };

/**
 * The accounts with their role (a select for admins), status and actions. Nobody acts on their own row here, and a
 * manager not on an admin's; the server enforces the same.
 */
export function UserTable({
  users,
  me,
  busy,
  onRoleChange,
  onAction,
}: {
  users: readonly UserRowFragment[];
  me: { id: string; role: Role };
  busy: string | null;
  onRoleChange: (user: UserRowFragment, role: Role) => void;
  onAction: (user: UserRowFragment, action: UserAction) => void;
}) {
  if (!users.length) return <p>No users match.</p>;
  const isAdmin = me.role === 'admin';
  return (
    <Table caption="Users" hideCaption columns={['Name', 'Email', 'Role', 'Status', 'Created', { label: 'Actions', hidden: true }]}>
      {users.map((user) => {
        const own = user.id === me.id;
        const manageable = !own && ROLE_LEVEL[user.role] <= ROLE_LEVEL[me.role];
        const working = busy === user.id;
        return (
          <tr key={user.id}>
            <th scope="row">
              {user.name}
              {own && ' (you)'}
            </th>
            <td>{user.email}</td>
            <td>
              {isAdmin && !own ? (
                <StyledSelect aria-label={`Role of ${user.name}`} value={user.role} disabled={working} onChange={(event) => onRoleChange(user, event.target.value as Role)}>
                  {ROLE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </StyledSelect>
              ) : (
                ROLE_LABEL[user.role]
              )}
            </td>
            <td>{user.disabledAt ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}</td>
            <td>{formatDateTime(user.createdAt)}</td>
            <td>
              {manageable && (
                <StyledActions>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`${user.disabledAt ? 'Enable' : 'Disable'} ${user.name}`}
                    disabled={working}
                    onClick={() => onAction(user, user.disabledAt ? 'enable' : 'disable')}
                  >
                    {user.disabledAt ? 'Enable' : 'Disable'}
                  </Button>
                  {isAdmin && (
                    <Button variant="secondary" size="sm" aria-label={`Reset password of ${user.name}`} disabled={working} onClick={() => onAction(user, 'resetPassword')}>
                      Reset password
                    </Button>
                  )}
                  <Button variant="danger" size="sm" aria-label={`Delete ${user.name}`} disabled={working} onClick={() => onAction(user, 'delete')}>
                    Delete
                  </Button>
                </StyledActions>
              )}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
