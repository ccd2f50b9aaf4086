import styled from '@emotion/styled';
import type { AccessTokenRowFragment, AccessTokenStatus } from '../../../generated/graphql';
import { Badge, type BadgeTone } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { formatDateTime } from '../../projects/components/detail/project-format';

const StyledScroller = styled.div({ overflowX: 'auto' });

const StyledTable = styled.table(({ theme }) => ({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: theme.fontSizes.sm,
  'th, td': { padding: theme.spacing(2.5, 3), textAlign: 'left', borderBottom: `1px solid ${theme.colors.border}` },
  th: { fontWeight: theme.fontWeights.medium, color: theme.colors.textMuted, whiteSpace: 'nowrap' },
}));

/** Read by screen readers, not shown. */
const StyledHidden = styled.span({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });

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
    <StyledScroller>
      <StyledTable aria-label="Your access tokens">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Token</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <StyledHidden>Actions</StyledHidden>
            </th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </StyledTable>
    </StyledScroller>
  );
}
