import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

const commandInput = (page: Page) => page.getByRole('combobox', { name: 'Command' });
const lastEntry = (page: Page) => page.getByRole('log', { name: 'Terminal output' }).getByTestId('terminal-entry').last();
const lastResult = (page: Page) => lastEntry(page).locator('pre');

async function run(page: Page, command: string) {
  await commandInput(page).fill(command);
  await commandInput(page).press('Enter');
  await expect(lastEntry(page)).toContainText(command);
  await expect(lastEntry(page)).not.toContainText('Running...');
}

test.describe('console', () => {
  test('runs help, echo, whoami and an unknown command against the server', async ({ page }) => {
    const account = await registerViaApi(page);
    await page.goto('/dashboard/console');
    await expect(page.getByRole('heading', { name: `Welcome back, ${account.name}!` })).toBeVisible();

    await run(page, 'help');
    await expect(lastResult(page)).toHaveAttribute('data-type', 'info');
    await expect(lastResult(page)).toContainText('Available commands:');
    for (const command of ['help', 'clear', 'echo', 'whoami', 'pwd', 'ls', 'projects', 'status', 'version']) {
      await expect(lastResult(page)).toContainText(new RegExp(`^\\s+${command}\\b`, 'm'));
    }

    await run(page, 'help nosuch');
    await expect(lastResult(page)).toHaveText("No help available for command 'nosuch'. Type 'help' to see all available commands.");

    await run(page, 'echo $(whoami) `id` $HOME; ls && pwd');
    await expect(lastResult(page)).toHaveText('$(whoami) `id` $HOME; ls && pwd');
    await expect(lastResult(page)).toHaveAttribute('data-type', 'output');

    await run(page, 'whoami');
    await expect(lastResult(page)).toContainText(account.name);
    await expect(lastResult(page)).toContainText(account.email);
    await expect(lastResult(page)).toContainText(/Role\s+(user|admin)/);

    await run(page, 'sl');
    await expect(lastResult(page)).toHaveAttribute('data-type', 'error');
    await expect(lastResult(page)).toContainText("Unknown command: 'sl'. Did you mean 'ls'?");
    await expectNoSeriousA11yViolations(page);

    await commandInput(page).fill('clear');
    await commandInput(page).press('Enter');
    await expect(page.getByTestId('terminal-entry')).toHaveCount(0);
  });

  test('recalls earlier commands with ArrowUp and ArrowDown', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/dashboard/console');
    await run(page, 'pwd');
    await run(page, 'echo second');
    const input = commandInput(page);
    await input.fill('draft');
    await input.press('ArrowUp');
    await expect(input).toHaveValue('echo second');
    await input.press('ArrowUp');
    await expect(input).toHaveValue('pwd');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await expect(input).toHaveValue('draft');
    await input.press('ArrowUp');
    await input.press('ArrowUp');
    await input.press('Enter');
    await expect(lastResult(page)).toHaveText('/');
  });

  test('suggests commands as you type; Tab completes and Escape closes', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/dashboard/console');
    const input = commandInput(page);
    const suggestions = page.getByRole('listbox', { name: 'Command suggestions' });

    await input.pressSequentially('wh');
    await expect(suggestions.getByRole('option')).toHaveText([/^whoami\s*Show your name, email and role$/]);
    await input.press('Tab');
    await expect(input).toHaveValue('whoami');
    await expect(suggestions).toBeHidden();
    await expect(input).toBeFocused();

    await input.fill('');
    await input.pressSequentially('p');
    await expect(suggestions.getByRole('option')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(input).toHaveValue('projects ');
    await expect(suggestions).toBeHidden();

    await input.fill('');
    await input.pressSequentially('e');
    await expect(suggestions).toBeVisible();
    await input.press('Escape');
    await expect(suggestions).toBeHidden();
    await expect(input).toHaveValue('e');

    await input.fill('');
    await input.pressSequentially('c');
    await suggestions.getByRole('option', { name: /^cd/ }).click();
    await expect(input).toHaveValue('cd ');
  });

  test('shows Run and Clear on small screens only', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/dashboard/console');
    const runButton = page.getByRole('button', { name: 'Run' });
    await expect(runButton).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(runButton).toBeVisible();
    await commandInput(page).fill('version');
    await runButton.click();
    await expect(lastResult(page)).toContainText('Slipway');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByTestId('terminal-entry')).toHaveCount(0);
  });
});
