import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

const logRows = (page: Page) => page.getByRole('table', { name: 'Command logs' }).getByRole('row').filter({ hasNot: page.getByRole('columnheader') });

async function runInConsole(page: Page, command: string) {
  const input = page.getByRole('combobox', { name: 'Command' });
  await input.fill(command);
  await input.press('Enter');
  await expect(page.getByTestId('terminal-entry').last().locator('pre')).toBeVisible();
}

test.describe('console logs', () => {
  test('lists the commands just run, filters by type and text, and shows a log in the side panel', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/dashboard/console');
    await runInConsole(page, 'echo hello from e2e');
    await runInConsole(page, 'nosuchcommand');
    await runInConsole(page, 'whoami');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Console Logs' }).click();
    await expect(logRows(page)).toHaveCount(3);
    await expect(logRows(page).nth(0)).toContainText('whoami');
    await expect(logRows(page).nth(1)).toContainText(/nosuchcommand\s*error\s*Failed/);
    await expect(logRows(page).nth(2)).toContainText(/just now\s*echo hello from e2e\s*output\s*Success/);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('combobox', { name: 'Type' }).selectOption('error');
    await expect(page).toHaveURL(/\?type=error$/);
    await expect(logRows(page)).toHaveCount(1);
    await expect(logRows(page).first()).toContainText('nosuchcommand');

    await page.getByRole('combobox', { name: 'Type' }).selectOption('');
    await page.getByRole('searchbox', { name: 'Command' }).fill('HELLO');
    await expect(page).toHaveURL(/\?command=HELLO$/);
    await expect(logRows(page)).toHaveCount(1);
    await expect(logRows(page).first()).toContainText('echo hello from e2e');

    await logRows(page).first().click();
    const details = page.getByRole('complementary', { name: 'Log details' });
    await expect(details.getByLabel('Log output')).toHaveText('hello from e2e');
    await expect(details).toContainText(/ID\s*[0-9a-f]{8}\s*User ID\s*[0-9a-f]{8}\s*Command\s*echo hello from e2e/);
    await expectNoSeriousA11yViolations(page);
    await details.getByRole('button', { name: 'Close details' }).click();
    await expect(details).toBeHidden();

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Command' })).toHaveValue('HELLO');
    await expect(logRows(page)).toHaveCount(1);
  });

  test('pages through more than 20 logs', async ({ page }) => {
    const account = await registerViaApi(page);
    for (let n = 1; n <= 25; n += 1) {
      const response = await page.request.post('/api/commands', {
        data: { command: `echo log ${n}` },
        headers: { authorization: `Bearer ${account.token}` },
      });
      expect(response.ok()).toBe(true);
    }
    await page.goto('/dashboard/console-logs');
    await expect(logRows(page)).toHaveCount(20);
    await expect(logRows(page).first()).toContainText('echo log 25');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByRole('button')).toHaveText(['First', '1', '2', 'Last']);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(logRows(page)).toHaveCount(5);
    await expect(logRows(page).last()).toContainText('echo log 1');
    await expect(pager).toContainText('Page 2 of 2');
    await expectNoSeriousA11yViolations(page);
  });
});
