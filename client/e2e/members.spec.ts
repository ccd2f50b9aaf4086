import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi } from './helpers';

test.describe('project members', () => {
  test('an owner shares a project by keyboard, changes the role and removes the member; the member sees it read-only', async ({ page, browser }) => {
    const member = await registerViaApi(page, newAccount('Ada Lovelace'));
    const owner = await registerViaApi(page, newAccount('Grace Hopper'));
    const headers = { authorization: `Bearer ${owner.token}` };
    expect((await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'acme' } })).status()).toBe(200);
    const created = await page.request.post('/api/projects', { headers, data: { name: 'Shared Engine' } });
    expect(created.status()).toBe(201);
    const projectId = ((await created.json()) as { id: string }).id;

    await page.goto(`/dashboard/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Members' }).click();
    const section = page.getByRole('region', { name: 'Members' });
    await expect(section.getByText('No members yet: only the owner reaches this project.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Keyboard only: email, role, submit; an unknown email is refused beside its field.
    await section.getByLabel('Email').focus();
    await page.keyboard.type('nobody@example.com');
    await page.keyboard.press('Enter');
    await expect(section.getByText('No user has this email')).toBeVisible();
    await section.getByLabel('Email').fill('');
    await page.keyboard.type(member.email);
    await page.keyboard.press('Tab');
    await expect(section.getByLabel('Role')).toBeFocused();
    await section.getByLabel('Role').selectOption('developer');
    await page.keyboard.press('Tab');
    await expect(section.getByRole('button', { name: 'Add member' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(section.getByRole('status')).toHaveText(`${member.email} was added.`);
    const row = section.getByRole('row', { name: new RegExp(member.email) });
    await expect(row.getByLabel(`Role of ${member.email}`)).toHaveValue('developer');
    await expectNoSeriousA11yViolations(page);

    await row.getByLabel(`Role of ${member.email}`).selectOption('viewer');
    await expect(section.getByRole('status')).toHaveText(`${member.email} is now viewer.`);

    // The member sees the project in their list and its members, without the controls to change them.
    const memberPage = await browser.newPage();
    await memberPage.goto('/login');
    await memberPage.evaluate((value) => localStorage.setItem('authToken', value), member.token);
    await memberPage.goto('/dashboard/projects');
    await expect(memberPage.getByRole('link', { name: 'Shared Engine' })).toBeVisible();
    await memberPage.goto(`/dashboard/projects/${projectId}`);
    await memberPage.getByRole('tab', { name: 'Members' }).click();
    const seen = memberPage.getByRole('region', { name: 'Members' });
    await expect(seen.getByRole('row', { name: new RegExp(member.email) })).toContainText('viewer');
    await expect(seen.getByRole('button', { name: 'Add member' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(memberPage);

    await row.getByRole('button', { name: `Remove ${member.email}` }).click();
    await expect(section.getByRole('status')).toHaveText(`${member.email} was removed.`);
    await expect(section.getByText('No members yet: only the owner reaches this project.')).toBeVisible();
    expect((await memberPage.request.get(`/api/projects/${projectId}`, { headers: { authorization: `Bearer ${member.token}` } })).status()).toBe(404);
    await memberPage.close();
  });
});
