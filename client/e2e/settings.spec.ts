import { expect, test, type Page } from '@playwright/test';
import { fakeCloudUrls, readFakeCloudSettings } from './fake-cloud';
import { expectNoSeriousA11yViolations, registerViaApi, signInAsAdmin } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const DOCKER_TOKEN = 'dckr_pat_0123456789abcdef';
const CLUSTER_ID = '3f6c2a1e-8b1d-4c1e-9a0b-5d2e7f8a9b0c';
const e2ePort = Number(process.env.E2E_PORT ?? 4510);
const fakes = fakeCloudUrls(e2ePort);
const hostOf = (url: string) => new URL(url).host;
const MASKED_DOCKER_TOKEN = `${'•'.repeat(20)}cdef`;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openSettings(page: Page) {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Docker' })).toBeVisible();
}

test.describe('settings', () => {
  test('saves, reloads masked, shows, hides and copies a token', async ({ page }) => {
    const account = await registerViaApi(page);
    await openSettings(page);
    for (const section of ['DigitalOcean', 'DOKS Cluster', 'GitHub Integration', 'Danger Zone']) {
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    }
    await expect(page.getByText('At least 4 characters.').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await field(page, 'Docker Username').fill('grace');
    await field(page, 'Docker Token').fill(DOCKER_TOKEN);
    await expect(field(page, 'Docker Token')).toHaveAttribute('type', 'password');
    await field(page, 'Cluster ID').fill(CLUSTER_ID);
    await field(page, 'GitHub Token').fill('ghp1');
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    const saved = page.getByText('Settings saved successfully!');
    await expect(saved).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(field(page, 'Docker Token')).toHaveValue(MASKED_DOCKER_TOKEN);
    await expect(saved).toBeHidden({ timeout: 5000 });

    // The server keeps the plain token and lists it only masked.
    const listed = await page.request.get('/api/settings', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await listed.json()).settings).toEqual({
      DOCKER_USERNAME: 'grace',
      DOCKER_TOKEN: MASKED_DOCKER_TOKEN,
      DOKS_CLUSTER_ID: CLUSTER_ID,
      GITHUB_TOKEN: '••••',
    });

    await page.reload();
    await expect(field(page, 'Docker Username')).toHaveValue('grace');
    await expect(field(page, 'Cluster ID')).toHaveValue(CLUSTER_ID);
    await expect(field(page, 'Docker Token')).toHaveValue(MASKED_DOCKER_TOKEN);
    await expect(field(page, 'GitHub Token')).toHaveValue('••••');
    await expect(field(page, 'Docker Token')).not.toHaveValue(new RegExp(DOCKER_TOKEN));

    await page.getByRole('button', { name: 'Show Docker Token' }).click();
    await expect(field(page, 'Docker Token')).toHaveValue(DOCKER_TOKEN);
    await page.getByRole('button', { name: 'Hide Docker Token' }).click();
    await expect(field(page, 'Docker Token')).toHaveValue(MASKED_DOCKER_TOKEN);
    await expect(page.getByRole('button', { name: 'Save All Settings' })).toBeDisabled();

    await page.getByRole('button', { name: 'Copy Docker Token' }).click();
    const copied = page.getByText('Copied to clipboard!');
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DOCKER_TOKEN);
    await expect(field(page, 'Docker Token')).toHaveValue(MASKED_DOCKER_TOKEN);
    await expect(copied).toBeHidden({ timeout: 4000 });

    await page.getByRole('button', { name: 'Copy Docker Username' }).click();
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('grace');
  });

  test('Clear All empties the form only until it is saved', async ({ page }) => {
    const account = await registerViaApi(page);
    const headers = { authorization: `Bearer ${account.token}` };
    const stored = await page.request.put('/api/settings', {
      headers,
      data: { settings: { DOCKER_USERNAME: 'grace', GITHUB_ORGANIZATION: 'compilers', GITHUB_TOKEN: 'ghp_cleared_soon_9876' } },
    });
    expect(stored.ok()).toBe(true);
    await openSettings(page);
    await expect(field(page, 'GitHub Organization')).toHaveValue('compilers');

    await page.getByRole('button', { name: 'Clear All' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to clear all settings? This action cannot be undone.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(field(page, 'Docker Username')).toHaveValue('grace');

    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear All' }).click();
    for (const label of ['Docker Username', 'GitHub Organization', 'GitHub Token']) {
      await expect(field(page, label)).toHaveValue('');
    }

    // Not saved: a reload brings everything back.
    await page.reload();
    await expect(field(page, 'Docker Username')).toHaveValue('grace');
    await expect(field(page, 'GitHub Token')).toHaveValue(`${'•'.repeat(17)}9876`);

    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await page.reload();
    await expect(field(page, 'Docker Username')).toHaveValue('');
    await expect(field(page, 'GitHub Token')).toHaveValue('');
    const listed = await page.request.get('/api/settings', { headers });
    expect((await listed.json()).settings).toEqual({});
  });

  test('checks values by the rules their hints state, in place, and saves nothing while one is wrong (issue 31, item 3)', async ({ page }) => {
    const account = await registerViaApi(page);
    await openSettings(page);
    await field(page, 'GitHub Token').fill('ab');
    await field(page, 'GitHub Organization').fill('acme org!');
    await page.getByRole('button', { name: 'Save All Settings' }).click();

    const tokenError = page.getByText('GitHub Token must be at least 4 characters');
    await expect(tokenError).toBeVisible();
    await expect(page.getByText('GitHub Organization can only contain letters, digits and single hyphens (not first or last), at most 39 characters')).toBeVisible();
    await expect(field(page, 'GitHub Token')).toHaveAttribute('aria-invalid', 'true');
    // The form checks before it sends anything: no request was made, and no success is claimed.
    await expect(page.getByText('Settings saved successfully!')).toHaveCount(0);
    const listed = await page.request.get('/api/settings', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await listed.json()).settings).toEqual({});
    await expectNoSeriousA11yViolations(page);

    await field(page, 'GitHub Token').fill('ghp_abcd');
    await field(page, 'GitHub Organization').fill('acme-org');
    await expect(tokenError).toHaveCount(0);
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cloud service URLs' })).toHaveCount(0);
  });

  test("says next to each token where new projects go, and that any organization name works without GitHub (issue 31, items 3 and 4)", async ({ page }) => {
    await registerViaApi(page);
    await openSettings(page);
    await expect(page.getByText("With a token saved, new projects' repositories are created on GitHub instead of this machine.")).toBeVisible();
    await expect(page.getByText('With a username and a token saved, new projects keep their images on Docker Hub instead of this machine.')).toBeVisible();
    await expect(page.getByText(/new projects run on DigitalOcean Kubernetes instead of this machine/)).toBeVisible();
    const localNote = page.getByText('Without a GitHub token, repositories stay on this machine: any organization name works, no GitHub account needed (it names their folder).');
    await expect(localNote).toBeVisible();
    await field(page, 'GitHub Token').fill('ghp_abcd');
    await expect(localNote).toHaveCount(0);
  });

  test('tests each provider with the values typed, against the services, naming the host it asked (issue 31, item 3)', async ({ page }) => {
    const settings = readFakeCloudSettings(e2ePort);
    const account = await registerViaApi(page);
    await openSettings(page);
    await field(page, 'Docker Username').fill(settings.DOCKER_USERNAME);
    await field(page, 'Docker Token').fill(settings.DOCKER_TOKEN);
    await field(page, 'DigitalOcean Token').fill(settings.DIGITALOCEAN_TOKEN);
    await field(page, 'Cluster ID').fill(settings.DOKS_CLUSTER_ID);
    await field(page, 'GitHub Token').fill(settings.GITHUB_TOKEN);
    await field(page, 'GitHub Organization').fill(settings.GITHUB_ORGANIZATION);

    const tests = [
      ['Docker', 'Docker Hub', `Connected: ${hostOf(fakes.dockerHub)} accepted ${settings.DOCKER_USERNAME}'s token, and the registry at ${hostOf(fakes.dockerRegistry)} lets it push images`],
      ['DigitalOcean', 'DigitalOcean', `Connected: ${hostOf(fakes.digitalOcean)} accepted the token of the account`],
      ['DOKS Cluster', 'the DOKS cluster', `Connected: ${hostOf(fakes.digitalOcean)} has the cluster "`],
      ['GitHub Integration', 'GitHub', `Connected: ${hostOf(fakes.github)} accepted the token of octo, who may create repositories in ${settings.GITHUB_ORGANIZATION}`],
    ];
    for (const [section, name, found] of tests) {
      const region = page.getByRole('region', { name: section });
      await region.getByRole('button', { name: `Test connection to ${name}` }).click();
      await expect(region.getByRole('status')).toContainText(found);
    }
    await expectNoSeriousA11yViolations(page);

    await field(page, 'Docker Token').fill('dckr_pat_not_the_right_one');
    const docker = page.getByRole('region', { name: 'Docker' });
    await docker.getByRole('button', { name: 'Test connection to Docker Hub' }).click();
    await expect(docker.getByRole('status')).toContainText(`Not connected to ${hostOf(fakes.dockerHub)}: `);
    // Testing saved nothing.
    const listed = await page.request.get('/api/settings', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await listed.json()).settings).toEqual({});
  });

  test('takes a kubeconfig pasted or uploaded, its context chosen from its own, and saves it only once the cluster passes the check (issue 35)', async ({ page }) => {
    const settings = readFakeCloudSettings(e2ePort);
    const account = await registerViaApi(page);
    // The fake DigitalOcean hands out a kubeconfig for its fake Kubernetes API, as the real one does.
    const response = await page.request.get(`${fakes.digitalOcean}/v2/kubernetes/clusters/${settings.DOKS_CLUSTER_ID}/kubeconfig`, {
      headers: { authorization: `Bearer ${settings.DIGITALOCEAN_TOKEN}` },
    });
    const kubeconfig = await response.text();
    const context = /current-context: (.+)/.exec(kubeconfig)![1];
    const server = /server: (.+)/.exec(kubeconfig)![1];
    await openSettings(page);
    const region = page.getByRole('region', { name: 'Kubernetes' });
    const choice = region.getByLabel('Context', { exact: true });
    await expect(choice).toHaveAccessibleDescription(/Paste or upload a kubeconfig to choose one of its contexts\./);

    // Pasted, with credentials the cluster does not accept: refused under the field, nothing saved.
    await region.getByLabel('Kubeconfig', { exact: true }).fill(kubeconfig.replace(/token: .+/, 'token: not-a-cluster-token'));
    await expect(region.getByRole('option', { name: `${context} (current-context)` })).toBeAttached();
    await choice.focus();
    await choice.selectOption(context);
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(region.getByText(`The cluster's API server refused the credentials of the kubeconfig's context "${context}" (401) when asked to check Slipway's permissions`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const none = await page.request.get('/api/settings', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await none.json()).settings).toEqual({});

    // Uploaded as a file: checked, saved, listed masked, and its connection test passes.
    await region.getByLabel('Or upload a kubeconfig file:').setInputFiles({ name: 'config', mimeType: 'application/yaml', buffer: Buffer.from(kubeconfig) });
    await expect(region.getByLabel('Kubeconfig', { exact: true })).toHaveValue(kubeconfig);
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect(region.getByLabel('Kubeconfig', { exact: true })).toHaveValue(/^•{20}/);
    await expect(choice).toHaveValue(context);
    await region.getByRole('button', { name: 'Test connection to the Kubernetes cluster' }).click();
    await expect(region.getByRole('status').filter({ hasText: 'Connected' })).toContainText(
      `Connected: ${hostOf(server)} accepted the credentials of the context "${context}", which may do everything Slipway does in the cluster`,
    );
    await expectNoSeriousA11yViolations(page);
    const listed = await page.request.get('/api/settings', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await listed.json()).settings).toEqual({ KUBECONFIG: expect.stringMatching(/^•{20}.{4}$/), KUBERNETES_CONTEXT: context });
  });

  test("lets an admin point the cloud services elsewhere at run time, checked in place, in effect at once (issue 31, item 25)", async ({ page }) => {
    const settings = readFakeCloudSettings(e2ePort);
    const headers = { authorization: `Bearer ${await signInAsAdmin(page)}` };
    const gitHubEndpoint = async () => ((await (await page.request.get('/api/cloud-endpoints', { headers })).json()) as { endpoints: { url: string }[] }).endpoints[0].url;
    await openSettings(page);
    const urls = page.getByRole('region', { name: 'Cloud service URLs' });
    await expect(urls).toBeVisible();
    const github = urls.getByLabel('GitHub API URL');
    await expect(github).toHaveValue('');
    await expect(github).toHaveAttribute('placeholder', fakes.github);
    await expectNoSeriousA11yViolations(page);

    await github.fill('ftp://github.example');
    await urls.getByRole('button', { name: 'Save URLs' }).click();
    await expect(urls.getByText('GitHub API URL must be an http:// or https:// URL without a user, query or fragment')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Nothing listens on port 9: GitHub, as Slipway now reaches it, does not answer.
    await github.fill('http://127.0.0.1:9');
    await urls.getByRole('button', { name: 'Save URLs' }).click();
    await expect(urls.getByText('Cloud service URLs saved.')).toBeVisible();
    expect(await gitHubEndpoint()).toBe('http://127.0.0.1:9');
    await field(page, 'GitHub Token').fill(settings.GITHUB_TOKEN);
    await field(page, 'GitHub Organization').fill(settings.GITHUB_ORGANIZATION);
    const gitHubSection = page.getByRole('region', { name: 'GitHub Integration' });
    await gitHubSection.getByRole('button', { name: 'Test connection to GitHub' }).click();
    await expect(gitHubSection.getByRole('status')).toContainText('Not connected to 127.0.0.1:9');

    // Back to the default (the environment's): the same test now reaches the fake GitHub.
    await github.fill('');
    await urls.getByRole('button', { name: 'Save URLs' }).click();
    await expect.poll(gitHubEndpoint).toBe(fakes.github);
    await gitHubSection.getByRole('button', { name: 'Test connection to GitHub' }).click();
    await expect(gitHubSection.getByRole('status')).toContainText(`Connected: ${hostOf(fakes.github)} accepted the token of octo`);
  });
});
