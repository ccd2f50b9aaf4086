import styled from '@emotion/styled';
import type { AccessTokenRowFragment, AccessTokenStatus } from '../../../generated/graphql';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Table } from '../../../ui/Table';
import { formatDateTime } from '../../projects/components/detail/project-format';

const StyledPrefix = styled.code(({ theme }) => ({ fontFamily: theme.fonts.mono }));

const STATUS: Record<AccessTokenStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

/** The user's tokens, newest first, each active one with its Revoke button. */
export function AccessTokenTable({ tokens, revoking, onRevoke }: { tokens: readonly AccessTokenRowFragment[]; revoking: string | null; onRevoke: (token: AccessTokenRowFragment) => void }) {
  if (!tokens.length) return <p>No access tokens yet.</p>;
  return (
    <Table caption="Your access tokens" hideCaption columns={['Name', 'Token', 'Scopes', 'Created', 'Expires', 'Last used', 'Status', { label: 'Actions', hidden: true }]}>
      {tokens.map((token) => (
        <tr key={token.id}>
          <th scope="row">{token.name}</th>
          <td>
            <StyledPrefix>{token.tokenPrefix}…</StyledPrefix>
          </td>
          <td>{token.scopes.join(', ')}{token.projectIds ? ` (${token.projectIds.length} project${token.projectIds.length === 1 ? '' : 's'})` : ''}</td>
          <td>{formatDateTime(token.createdAt)}</td>
          <td>{formatDateTime(token.expiresAt)}</td>
          <td>{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</td>
          <td>
            <Badge tone={STATUS[token.status].tone}>{STATUS[token.status].label}</Badge>
          </td>
          <td>
            {token.status === 'active' && (
              <Button variant="danger" size="sm" aria-label={`Revoke ${token.name}`} disabled={revoking === token.id} onClick={() => onRevoke(token)}>
                {revoking === token.id ? 'Revoking...' : 'Revoke'}
              </Button>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
