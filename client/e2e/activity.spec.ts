import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi, signInAsAdmin } from './helpers';

test.describe('the Activity tab', () => {
  test("shows a project's changes newest first, who made them (a member's token too), to its owner and its members; admins see everyone's", async ({ page, browser }) => {
    const member = await registerViaApi(page, newAccount('Ada Lovelace'));
    const owner = await registerViaApi(page, newAccount('Grace Hopper'));
    const headers = { authorization: `Bearer ${owner.token}` };
    expect((await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'acme' } })).status()).toBe(200);
    const created = await page.request.post('/api/projects', { headers, data: { name: 'Audited Engine' } });
    expect(created.status()).toBe(201);
    const projectId = ((await created.json()) as { id: string }).id;
    const added = await page.request.post(`/api/projects/${projectId}/members`, { headers, data: { email: member.email, role: 'maintainer' } });
    expect(added.status()).toBe(201);
    // The member changes the project with a personal access token, as a script would.
    const token = await page.request.post('/api/tokens', {
      headers: { authorization: `Bearer ${member.token}` },
      data: { name: 'ci', expires_at: new Date(Date.now() + 86_400_000).toISOString(), scopes: ['read', 'write'] },
    });
    expect(token.status()).toBe(201);
    const secret = ((await token.json()) as { token: string }).token;
    const updated = await page.request.put(`/api/projects/${projectId}`, { headers: { authorization: `Bearer ${secret}` }, data: { description: 'Changed by CI' } });
    expect(updated.status()).toBe(200);

    await page.goto(`/dashboard/projects/${projectId}`);
    // By keyboard: End selects the last tab, Activity.
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'Project activity, newest first' });
    const rows = table.getByRole('row');
    // The header, then the update, the member's addition and the creation, newest first.
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText('project.update');
    await expect(rows.nth(1)).toContainText(`${member.email} (token)`);
    await expect(rows.nth(1)).toContainText('"fields":["description"]');
    await expect(rows.nth(1)).toContainText('success');
    await expect(rows.nth(2).getByRole('rowheader')).toHaveText('member.add');
    await expect(rows.nth(2)).toContainText(owner.email);
    await expect(rows.nth(2)).toContainText('"role":"maintainer"');
    await expect(rows.nth(3).getByRole('rowheader')).toHaveText('project.create');
    await expectNoSeriousA11yViolations(page);

    // A change made while the tab is open comes in live, on top, without a reload.
    const again = await page.request.put(`/api/projects/${projectId}`, { headers, data: { description: 'Changed while watched' } });
    expect(again.status()).toBe(200);
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText('project.update');
    await expect(rows.nth(1)).toContainText(owner.email);

    // The member reads the same activity on the shared project.
    const memberPage = await browser.newPage();
    await memberPage.goto('/login');
    await memberPage.evaluate((value) => localStorage.setItem('authToken', value), member.token);
    await memberPage.goto(`/dashboard/projects/${projectId}`);
    await memberPage.getByRole('tab', { name: 'Activity' }).click();
    await expect(memberPage.getByRole('table', { name: 'Project activity, newest first' }).getByRole('rowheader', { name: 'project.update' }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(memberPage);
    await memberPage.close();

    // An admin's users screen lists everyone's activity, this project's update among it.
    await signInAsAdmin(page);
    await page.goto('/dashboard/users');
    const global = page.getByRole('table', { name: 'Activity on this Slipway, newest first' });
    await expect(global.getByRole('row', { name: new RegExp(`${member.email.replace(/[.+]/g, '\\$&')} \\(token\\) project\\.update`) })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
