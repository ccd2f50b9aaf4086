import { screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { AddDomainDocument, EnvironmentDomainsDocument, RemoveDomainDocument } from '../../../generated/graphql';
import { graphQLErrorResult } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { DomainsSection } from './DomainsSection';

const PROJECT_ID = 'p-1';
const SECURE = { __typename: 'Domain', hostname: 'secure.example.com', https: true, certificateSubject: 'CN=secure.example.com', certificateExpiresAt: '2027-01-31T00:00:00.000Z' };
const PLAIN = { __typename: 'Domain', hostname: 'shop.example.com', https: false, certificateSubject: null, certificateExpiresAt: null };

const domainsMock = (domains: object[]): MockLink.MockedResponse => ({
  request: { query: EnvironmentDomainsDocument, variables: { projectId: PROJECT_ID, name: 'production' } },
  result: { data: { environment: { __typename: 'Environment', id: 'e-1', domains } } },
});

const addMock = (input: Record<string, string>, result: MockLink.MockedResponse['result']): MockLink.MockedResponse => ({
  request: { query: AddDomainDocument, variables: { projectId: PROJECT_ID, environment: 'production', input } },
  result,
});

function render(mocks: MockLink.MockedResponse[]) {
  return renderWithProviders(<DomainsSection projectId={PROJECT_ID} environment="production" />, { auth: signedIn(), mocks });
}

describe('DomainsSection', () => {
  it('lists each domain with its certificate, and is axe-clean', async () => {
    const { container } = render([domainsMock([SECURE, PLAIN])]);
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^secure\.example\.comHTTPS: CN=secure\.example\.com, expires .+Remove$/),
      'shop.example.comHTTP onlyRemove',
    ]);
    expect(screen.getByRole('region', { name: 'Domains of production' })).toBeInTheDocument();
    const { violations } = await axe.run(container);
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });

  it('adds a domain by keyboard, with a certificate and key when asked, and shows the new list', async () => {
    const { user } = render([
      domainsMock([]),
      addMock({ hostname: 'secure.example.com', certificate: 'CERT', key: 'KEY' }, { data: { addDomain: SECURE } }),
      domainsMock([SECURE]),
    ]);
    expect(await screen.findByText(/No domains/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Domain'), 'secure.example.com');
    await user.tab();
    await user.keyboard(' ');
    await user.type(screen.getByLabelText(/^Certificate/), 'CERT');
    await user.type(screen.getByLabelText(/^Private key/), 'KEY');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add domain' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('secure.example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain')).toHaveValue('');
    expect(screen.queryByLabelText(/^Certificate/)).not.toBeInTheDocument();
  });

  it('shows why a domain was refused, keeping what was typed', async () => {
    const { user } = render([domainsMock([]), addMock({ hostname: 'taken.example.com' }, graphQLErrorResult('taken.example.com is already in use by another project', 'CONFLICT'))]);
    await user.type(await screen.findByLabelText('Domain'), 'taken.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('taken.example.com is already in use by another project')).toBeInTheDocument();
    expect(screen.getByLabelText('Domain')).toHaveValue('taken.example.com');
  });

  it('removes a domain', async () => {
    const { user } = render([
      domainsMock([PLAIN]),
      { request: { query: RemoveDomainDocument, variables: { projectId: PROJECT_ID, environment: 'production', hostname: 'shop.example.com' } }, result: { data: { removeDomain: true } } },
      domainsMock([]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove shop.example.com' }));
    expect(await screen.findByText(/No domains/)).toBeInTheDocument();
  });
});
