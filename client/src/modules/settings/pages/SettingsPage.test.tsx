import { act, screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AccessTokensDocument,
  CloudEndpointsDocument,
  KubeconfigContextsDocument,
  NotificationDeliveriesDocument,
  NotificationsDocument,
  SaveCloudEndpointsDocument,
  SaveSettingsDocument,
  SettingValueDocument,
  SettingsDocument,
  TestConnectionDocument,
  TokenProjectsDocument,
  type CloudEndpointFieldsFragment,
  type CloudEndpointInput,
  type SettingFieldsFragment,
  type SettingInput,
  type SettingKey,
} from '../../../generated/graphql';
import { TEST_USER, graphQLErrorResult } from '../../../test/fixtures';
import { renderWithProviders, signedIn } from '../../../test/render';
import { maskSecret } from '@slipway/domain';
import { SettingsPage } from './SettingsPage';

const SECRETS = new Set<SettingKey>(['DOCKER_TOKEN', 'DIGITALOCEAN_TOKEN', 'GITHUB_TOKEN', 'KUBECONFIG']);
const KEYS: SettingKey[] = ['DOCKER_USERNAME', 'DOCKER_TOKEN', 'DIGITALOCEAN_TOKEN', 'DOKS_CLUSTER_ID', 'GITHUB_TOKEN', 'GITHUB_ORGANIZATION', 'KUBECONFIG', 'KUBERNETES_CONTEXT', 'KUBERNETES_CERT_ISSUER', 'KUBERNETES_INGRESS_CLASS'];

function settingsOf(values: Partial<Record<SettingKey, string>>): SettingFieldsFragment[] {
  return KEYS.map((key) => {
    const value = values[key];
    const secret = SECRETS.has(key);
    return {
      __typename: 'Setting',
      key,
      secret,
      configured: value !== undefined,
      value: value !== undefined && !secret ? value : null,
      maskedValue: value !== undefined ? maskSecret(value) : null,
      updatedAt: value !== undefined ? '2026-03-01T10:00:00.000Z' : null,
    };
  });
}

const CLUSTER_ID = '3f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b0c';

const STORED = {
  DOCKER_USERNAME: 'ada',
  DOCKER_TOKEN: 'dckr_pat_abcdefgh1234',
  GITHUB_TOKEN: 'ghp1',
  GITHUB_ORGANIZATION: 'analytical-engines',
};

const settingsMock = (values: Partial<Record<SettingKey, string>> = STORED): MockLink.MockedResponse => ({
  request: { query: SettingsDocument },
  result: { data: { settings: settingsOf(values) } },
});

const revealMock = (key: SettingKey, value: string): MockLink.MockedResponse => ({
  request: { query: SettingValueDocument, variables: { key } },
  result: { data: { settingValue: value } },
});

/** Answers saveSettings with the stored values after applying the sent changes, recording what was sent. */
function saveMock(sent: SettingInput[][], stored: Partial<Record<SettingKey, string>> = STORED): MockLink.MockedResponse {
  return {
    request: { query: SaveSettingsDocument, variables: () => true },
    result: ({ settings }: { settings: SettingInput[] }) => {
      sent.push(settings);
      const next = { ...stored };
      for (const { key, value } of settings) {
        if (value) next[key] = value;
        else delete next[key];
      }
      return { data: { saveSettings: settingsOf(next) } };
    },
  };
}

/** The page's access tokens section (its own tests are in modules/tokens): none yet. */
const accessTokensMock: MockLink.MockedResponse = { request: { query: AccessTokensDocument }, result: { data: { accessTokens: [] } }, maxUsageCount: Number.POSITIVE_INFINITY };

const tokenProjectsMock: MockLink.MockedResponse = {
  request: { query: TokenProjectsDocument },
  result: { data: { projects: { __typename: 'ProjectPage', projects: [] } } },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

/** The page's notifications section: nothing set up yet. */
const notificationsMocks: MockLink.MockedResponse[] = [
  { request: { query: NotificationsDocument }, result: { data: { notificationChannels: [], notificationRules: [] } }, maxUsageCount: Number.POSITIVE_INFINITY },
  { request: { query: NotificationDeliveriesDocument }, result: { data: { notificationDeliveries: [] } }, maxUsageCount: Number.POSITIVE_INFINITY },
];

const renderPage = (mocks: MockLink.MockedResponse[]) =>
  renderWithProviders(<SettingsPage />, { auth: signedIn(), mocks: [...mocks, accessTokensMock, tokenProjectsMock, ...notificationsMocks] });

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

// Full-page renders with many fields: allow for a busy machine.
describe('SettingsPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the five sections with their fields, plain values as they are and saved secrets masked but the last 4', async () => {
    renderPage([settingsMock()]);
    expect(screen.getByText('Loading settings...')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Docker' })).toBeInTheDocument();
    for (const title of ['DigitalOcean', 'DOKS Cluster', 'Kubernetes', 'GitHub Integration', 'Danger Zone']) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    expect(field('Docker Username')).toHaveValue('ada');
    expect(field('GitHub Organization')).toHaveValue('analytical-engines');
    expect(field('Cluster ID')).toHaveValue('');

    expect(field('Docker Token')).toHaveValue('•••••••••••••••••1234');
    expect(field('Docker Token')).toHaveAttribute('readonly');
    expect(field('GitHub Token')).toHaveValue('••••');
    expect(field('DigitalOcean Token')).toHaveValue('');
    expect(field('Docker Token')).toHaveAccessibleDescription(
      expect.stringContaining('At least 4 characters. Only the last 4 stay visible while the token is hidden.'),
    );
    expect(field('Docker Token')).toHaveAccessibleDescription(expect.stringContaining('new projects keep their images on Docker Hub'));
    expect(field('GitHub Token')).toHaveAccessibleDescription(expect.stringContaining("new projects' repositories are created on GitHub"));
    expect(field('Docker Username')).toHaveAccessibleDescription('Your Docker Hub user name: 4 to 30 lowercase letters and digits.');
    expect(screen.getAllByText('Show')).toHaveLength(4);
    expect(screen.getAllByText('Copy')).toHaveLength(9);
  });

  it('takes a kubeconfig pasted or uploaded and offers its contexts, read by the server, to choose from', async () => {
    const kubeconfig = 'apiVersion: v1\nkind: Config\ncurrent-context: prod';
    const contextsOf = (text: string, contexts: string[]): MockLink.MockedResponse => ({
      request: { query: KubeconfigContextsDocument, variables: { kubeconfig: text } },
      result: { data: { kubeconfigContexts: { __typename: 'KubeconfigContexts', contexts, current: contexts[0] ?? null } } },
    });
    const { user } = renderPage([settingsMock(), contextsOf(kubeconfig, ['prod', 'staging']), contextsOf('kind: Config', ['uploaded'])]);
    const region = await screen.findByRole('region', { name: 'Kubernetes' });
    const context = within(region).getByLabelText('Context') as HTMLSelectElement;
    expect(context).toHaveAccessibleDescription(expect.stringContaining('Paste or upload a kubeconfig to choose one of its contexts.'));

    await user.click(within(region).getByLabelText('Kubeconfig'));
    await user.paste(kubeconfig);
    expect(await within(region).findByRole('option', { name: 'prod (current-context)' })).toBeInTheDocument();
    await user.selectOptions(context, 'staging');
    expect(context).toHaveValue('staging');

    await user.upload(within(region).getByLabelText('Or upload a kubeconfig file:'), new File(['kind: Config\n'], 'config.yaml', { type: 'application/yaml' }));
    expect(within(region).getByLabelText('Kubeconfig')).toHaveValue('kind: Config\n');
    expect(await within(region).findByRole('option', { name: 'uploaded (current-context)' })).toBeInTheDocument();
    // The chosen context stays listed, to be changed by hand.
    expect(within(region).getByRole('option', { name: 'staging' })).toBeInTheDocument();
  });

  it('reveals a saved secret through settingValue on Show and masks it again on Hide', async () => {
    const { user } = renderPage([settingsMock(), revealMock('DOCKER_TOKEN', 'dckr_pat_abcdefgh1234')]);
    await screen.findByRole('region', { name: 'Docker' });
    await user.click(screen.getByRole('button', { name: 'Show Docker Token' }));
    expect(await screen.findByDisplayValue('dckr_pat_abcdefgh1234')).toHaveAttribute('type', 'text');
    expect(field('Docker Token')).not.toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Hide Docker Token' }));
    expect(field('Docker Token')).toHaveValue('•••••••••••••••••1234');
    expect(screen.getByRole('button', { name: 'Save All Settings' })).toBeDisabled();
  });

  it('shows a typed token as a password while hidden and in clear text after Show, without asking the server', async () => {
    const { user } = renderPage([settingsMock()]);
    await screen.findByRole('region', { name: 'Docker' });
    await user.type(field('DigitalOcean Token'), 'dop_v1_secret');
    expect(field('DigitalOcean Token')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show DigitalOcean Token' }));
    expect(field('DigitalOcean Token')).toHaveAttribute('type', 'text');
    expect(field('DigitalOcean Token')).toHaveValue('dop_v1_secret');
  });

  it("copies a field's value, revealing a hidden secret first, and says 'Copied to clipboard!' for 2 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderPage([settingsMock(), revealMock('DOCKER_TOKEN', 'dckr_pat_abcdefgh1234')]);
    await screen.findByRole('region', { name: 'Docker' });

    await user.click(screen.getByRole('button', { name: 'Copy Docker Username' }));
    expect(await navigator.clipboard.readText()).toBe('ada');
    const docker = screen.getByRole('region', { name: 'Docker' });
    expect(within(docker).getByText('Copied to clipboard!')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy Docker Token' }));
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe('dckr_pat_abcdefgh1234'));
    expect(field('Docker Token')).toHaveValue('•••••••••••••••••1234');
    expect(screen.getAllByText('Copied to clipboard!')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(1900));
    expect(screen.getByText('Copied to clipboard!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Cluster ID' })).toBeDisabled();
  });

  it("sends only the changed fields, an emptied one as null, and says 'Settings saved successfully!' for 3 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent: SettingInput[][] = [];
    const { user } = renderPage([settingsMock(), saveMock(sent)]);
    await screen.findByRole('region', { name: 'Docker' });
    const save = screen.getByRole('button', { name: 'Save All Settings' });
    expect(save).toBeDisabled();

    await user.type(field('Cluster ID'), `  ${CLUSTER_ID} `);
    await user.clear(field('Docker Username'));
    await user.click(screen.getByRole('button', { name: 'Show DigitalOcean Token' }));
    await user.type(field('DigitalOcean Token'), 'dop_v1_0123456789');
    await user.click(save);

    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(sent).toEqual([
      [
        { key: 'DOCKER_USERNAME', value: null },
        { key: 'DIGITALOCEAN_TOKEN', value: 'dop_v1_0123456789' },
        { key: 'DOKS_CLUSTER_ID', value: CLUSTER_ID },
      ],
    ]);
    expect(field('DigitalOcean Token')).toHaveValue('•••••••••••••6789');
    expect(field('DigitalOcean Token')).toHaveAttribute('readonly');
    expect(field('Cluster ID')).toHaveValue(CLUSTER_ID);
    expect(save).toBeDisabled();

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Settings saved successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument();
  });

  it('Clear All asks first, then only empties the form; saving deletes what was configured', async () => {
    const sent: SettingInput[][] = [];
    const { user } = renderPage([settingsMock(), saveMock(sent)]);
    await screen.findByRole('region', { name: 'Docker' });

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to clear all settings? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(field('Docker Username')).toHaveValue('ada');

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear All' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    for (const label of ['Docker Username', 'Docker Token', 'DigitalOcean Token', 'Cluster ID', 'GitHub Token', 'GitHub Organization']) {
      expect(field(label)).toHaveValue('');
    }
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(sent).toEqual([
      [
        { key: 'DOCKER_USERNAME', value: null },
        { key: 'DOCKER_TOKEN', value: null },
        { key: 'GITHUB_TOKEN', value: null },
        { key: 'GITHUB_ORGANIZATION', value: null },
      ],
    ]);
  });

  it.each([
    ['the server message', graphQLErrorResult('The database is read-only', 'INTERNAL_SERVER_ERROR'), 'The database is read-only'],
    ['the fallback', { errors: [{ message: '' }] }, 'Failed to save settings'],
  ])('shows %s when saving fails and keeps the form', async (_case, result, message) => {
    const { user } = renderPage([settingsMock(), { request: { query: SaveSettingsDocument, variables: () => true }, result }]);
    await screen.findByRole('region', { name: 'Docker' });
    await user.type(field('GitHub Organization'), '-two');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(field('GitHub Organization')).toHaveValue('analytical-engines-two');
    expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument();
  });

  it.each([
    ['the server message', { result: graphQLErrorResult('Database unavailable', 'INTERNAL_SERVER_ERROR') }, 'Database unavailable'],
    ['the fallback', { error: new Error('') }, 'Failed to load settings'],
  ])('shows %s when loading fails, with Retry', async (_case, outcome, message) => {
    const { user } = renderPage([{ request: { query: SettingsDocument }, ...outcome }, settingsMock()]);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Docker' })).toBeInTheDocument();
  });

  it('checks each changed value by its rule in place, and saves nothing while one is wrong (issue 31, item 3)', async () => {
    const sent: SettingInput[][] = [];
    const { user } = renderPage([settingsMock({ ...STORED, GITHUB_TOKEN: undefined }), saveMock(sent)]);
    await screen.findByRole('region', { name: 'Docker' });
    await user.type(field('GitHub Token'), 'ab');
    await user.clear(field('GitHub Organization'));
    await user.type(field('GitHub Organization'), 'acme org!');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));

    expect(field('GitHub Token')).toHaveAttribute('aria-invalid', 'true');
    expect(field('GitHub Token')).toHaveAccessibleDescription(expect.stringContaining('GitHub Token must be at least 4 characters'));
    expect(field('GitHub Organization')).toHaveAccessibleDescription(
      expect.stringContaining('GitHub Organization can only contain letters, digits and single hyphens (not first or last), at most 39 characters'),
    );
    expect(sent).toEqual([]);
    expect(screen.queryByText('Settings saved successfully!')).not.toBeInTheDocument();

    await user.type(field('GitHub Token'), 'cd');
    await user.clear(field('GitHub Organization'));
    await user.type(field('GitHub Organization'), 'acme-org');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeInTheDocument();
    expect(sent).toEqual([[{ key: 'GITHUB_TOKEN', value: 'abcd' }, { key: 'GITHUB_ORGANIZATION', value: 'acme-org' }]]);
  });

  it("places the server's refusal under the field it names", async () => {
    const { user } = renderPage([
      settingsMock(),
      { request: { query: SaveSettingsDocument, variables: () => true }, result: graphQLErrorResult('Docker Username is taken elsewhere', 'BAD_USER_INPUT', { field: 'DOCKER_USERNAME' }) },
    ]);
    await screen.findByRole('region', { name: 'Docker' });
    await user.clear(field('Docker Username'));
    await user.type(field('Docker Username'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Save All Settings' }));
    await vi.waitFor(() => expect(field('Docker Username')).toHaveAccessibleDescription(expect.stringContaining('Docker Username is taken elsewhere')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says under the organization that any name works without a GitHub token (issue 31, item 4)', async () => {
    const { user } = renderPage([settingsMock({ GITHUB_ORGANIZATION: 'acme' })]);
    await screen.findByRole('region', { name: 'Docker' });
    const note = 'Without a GitHub token, repositories stay on this machine: any organization name works, no GitHub account needed (it names their folder).';
    expect(field('GitHub Organization')).toHaveAccessibleDescription(expect.stringContaining(note));
    await user.type(field('GitHub Token'), 'ghp_abcd');
    expect(field('GitHub Organization')).not.toHaveAccessibleDescription(expect.stringContaining(note));
  });

  it("tests a provider's connection with the form's changed values and says what it found", async () => {
    const asked: unknown[] = [];
    const { user } = renderPage([
      settingsMock(),
      {
        request: { query: TestConnectionDocument, variables: () => true },
        result: (variables: unknown) => {
          asked.push(variables);
          return { data: { testConnection: { __typename: 'ConnectionTestResult', provider: 'dockerhub', ok: false, host: 'hub.docker.com', message: 'Docker Hub rejected the credentials of "grace"' } } };
        },
      },
    ]);
    const docker = await screen.findByRole('region', { name: 'Docker' });
    await user.clear(field('Docker Username'));
    await user.type(field('Docker Username'), 'Grace');
    await user.click(within(docker).getByRole('button', { name: 'Test connection to Docker Hub' }));
    // A value that breaks its rule is not sent; another section's changes are not sent either.
    expect(within(docker).getByRole('status')).toHaveTextContent('Docker Username must be 4 to 30 lowercase letters and digits: correct it to test the connection');
    expect(asked).toEqual([]);
    await user.type(field('GitHub Token'), 'ab');
    await user.clear(field('Docker Username'));
    await user.type(field('Docker Username'), 'grace');
    await user.click(within(docker).getByRole('button', { name: 'Test connection to Docker Hub' }));
    await vi.waitFor(() => expect(within(docker).getByRole('status')).toHaveTextContent('Not connected to hub.docker.com: Docker Hub rejected the credentials of "grace"'));
    expect(asked).toEqual([{ provider: 'dockerhub', settings: [{ key: 'DOCKER_USERNAME', value: 'grace' }] }]);
    for (const name of ['DigitalOcean', 'the DOKS cluster', 'GitHub']) expect(screen.getByRole('button', { name: `Test connection to ${name}` })).toBeEnabled();
  });
});

describe('SettingsPage for an admin', () => {
  const endpoints = (saved: Partial<Record<string, string>> = {}): CloudEndpointFieldsFragment[] =>
    [
      ['github_api', 'GitHub API URL', 'https://api.github.com'],
      ['docker_hub', 'Docker Hub URL', 'https://hub.docker.com'],
      ['docker_registry', 'Docker registry URL', 'https://registry-1.docker.io'],
      ['digitalocean_api', 'DigitalOcean API URL', 'https://api.digitalocean.com'],
    ].map(([key, label, defaultUrl]) => ({
      __typename: 'CloudEndpoint',
      key: key as CloudEndpointFieldsFragment['key'],
      label,
      url: saved[key] ?? defaultUrl,
      defaultUrl,
      overridden: saved[key] !== undefined,
    }));
  const admin = signedIn({ user: { ...TEST_USER, role: 'admin' } });

  it('shows the cloud services’ URLs, checks them in place and saves the changed ones (issue 31, item 25)', async () => {
    const sent: CloudEndpointInput[][] = [];
    const { user } = renderWithProviders(<SettingsPage />, {
      auth: admin,
      mocks: [
        accessTokensMock,
        tokenProjectsMock,
        ...notificationsMocks,
        settingsMock(),
        { request: { query: CloudEndpointsDocument }, result: { data: { cloudEndpoints: endpoints() } } },
        {
          request: { query: SaveCloudEndpointsDocument, variables: () => true },
          result: ({ endpoints: changes }: { endpoints: CloudEndpointInput[] }) => {
            sent.push(changes);
            return { data: { saveCloudEndpoints: endpoints({ github_api: 'http://127.0.0.1:4010' }) } };
          },
        },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Cloud service URLs' });
    const github = within(section).getByLabelText('GitHub API URL');
    expect(github).toHaveValue('');
    expect(github).toHaveAttribute('placeholder', 'https://api.github.com');
    await user.type(github, 'ftp://github');
    await user.click(within(section).getByRole('button', { name: 'Save URLs' }));
    expect(github).toHaveAccessibleDescription(expect.stringContaining('GitHub API URL must be an http:// or https:// URL without a user, query or fragment'));
    expect(sent).toEqual([]);

    await user.clear(github);
    await user.type(github, 'http://127.0.0.1:4010/');
    await user.click(within(section).getByRole('button', { name: 'Save URLs' }));
    expect(await within(section).findByText('Cloud service URLs saved.')).toBeInTheDocument();
    expect(sent).toEqual([[{ key: 'github_api', url: 'http://127.0.0.1:4010/' }]]);
    expect(github).toHaveValue('http://127.0.0.1:4010');
  });

  it('is not shown to other users', async () => {
    renderPage([settingsMock()]);
    await screen.findByRole('region', { name: 'Docker' });
    expect(screen.queryByRole('region', { name: 'Cloud service URLs' })).not.toBeInTheDocument();
  });
});
