import { screen, waitFor } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { AccessTokensDocument, CreateAccessTokenDocument, TokenProjectsDocument, type AccessTokenRowFragment } from '../../../generated/graphql';
import { renderWithProviders, signedIn } from '../../../test/render';
import { AccessTokensSection } from './AccessTokensSection';

const row = (overrides: Partial<AccessTokenRowFragment> = {}): AccessTokenRowFragment => ({
  __typename: 'AccessToken',
  id: 't1',
  name: 'CI',
  tokenPrefix: 'slw_AbCd',
  scopes: ['read', 'deploy'],
  projectIds: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-04-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  status: 'active',
  ...overrides,
});

const listMock = (tokens: AccessTokenRowFragment[]): MockLink.MockedResponse => ({
  request: { query: AccessTokensDocument },
  result: { data: { accessTokens: tokens } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const projectsMock: MockLink.MockedResponse = {
  request: { query: TokenProjectsDocument },
  result: {
    data: {
      projects: {
        __typename: 'ProjectPage',
        projects: [
          { __typename: 'Project', id: 'p-alpha', name: 'Alpha' },
          { __typename: 'Project', id: 'p-bravo', name: 'Bravo' },
        ],
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

describe('AccessTokensSection', () => {
  it('lists tokens with their scopes, last use and a Revoke button', async () => {
    renderWithProviders(<AccessTokensSection />, { auth: signedIn(), mocks: [projectsMock, listMock([row(), row({ id: 't2', name: 'Old', status: 'revoked' })])] });
    const table = await screen.findByRole('table', { name: 'Your access tokens' });
    expect(table).toHaveTextContent('read, deploy');
    expect(table).toHaveTextContent('Never');
    expect(screen.getByRole('button', { name: 'Revoke CI' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Revoke Old' })).toBeNull();
  });

  it('says what is missing, sends nothing, then shows the new secret once with focus on it', async () => {
    const secret = `slw_${'x'.repeat(43)}`;
    const sent: unknown[] = [];
    const { user } = renderWithProviders(<AccessTokensSection />, {
      auth: signedIn(),
      mocks: [
        projectsMock,
        listMock([]),
        {
          request: { query: CreateAccessTokenDocument, variables: (variables) => Boolean(sent.push(variables.input)) },
          result: { data: { createAccessToken: { __typename: 'CreatedAccessToken', token: secret, accessToken: row({ name: 'Deploy bot' }) } } },
        },
      ],
    });
    await screen.findByText('No access tokens yet.');
    await user.click(screen.getByRole('checkbox', { name: /^read/ }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('Choose at least one scope')).toBeVisible();

    await user.type(screen.getByLabelText('Token name'), 'Deploy bot');
    await user.click(screen.getByRole('checkbox', { name: /^deploy/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Bravo' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    // Focus moves to the heading once it is shown (an effect after that render).
    const created = await screen.findByRole('heading', { name: 'Token “Deploy bot” created' });
    await waitFor(() => expect(created).toHaveFocus());
    expect(screen.getByLabelText('Token')).toHaveValue(secret);
    expect(sent).toEqual([expect.objectContaining({ name: 'Deploy bot', scopes: ['deploy'], projectIds: ['p-bravo'] })]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(secret)).toBeNull();
  });
});
