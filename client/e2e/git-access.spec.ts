import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

const run = promisify(execFile);
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** git with an argument list, never prompting for credentials. */
async function git(args: string[], cwd?: string): Promise<string> {
  const { stdout } = await run('git', args, { cwd, env: { PATH: process.env.PATH, HOME: tmpdir(), GIT_TERMINAL_PROMPT: '0' } });
  return stdout.trim();
}

test('the project page shows the clone URL with Copy and the push commands, by keyboard, and git clones and pushes there', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  expect((await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'git-labs' } })).ok()).toBe(true);
  const created = await page.request.post('/api/projects', { headers, data: { name: 'Pushed Notes' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/projects/${id}/status`, { headers })).json()) as { overall_status?: string }).overall_status, {
      timeout: 60_000,
    })
    .toBe('completed');

  await page.goto(`/dashboard/projects/${id}`);
  const card = page.getByRole('region', { name: 'Clone and push' });
  const url = card.getByRole('textbox', { name: 'Clone URL' });
  await expect(url).toHaveValue(/^http:\/\/localhost:\d+\/git\/git-labs\/pushed-notes\.git$/);
  const cloneUrl = await url.inputValue();
  await expect(card).toContainText('sign in with your Slipway email and password');
  await expectNoSeriousA11yViolations(page);

  // Keyboard only: the URL, its Copy, the commands, their Copy.
  await url.focus();
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Copy clone URL' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('status')).toHaveText('Copied to clipboard!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cloneUrl);
  await page.keyboard.press('Tab');
  const commands = card.getByRole('region', { name: 'Push an existing repository' });
  await expect(commands).toBeFocused();
  await expect(commands).toHaveText(`git remote add slipway ${cloneUrl}\ngit push slipway main`);
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Copy push commands' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`git remote add slipway ${cloneUrl}\ngit push slipway main`);
  await expectNoSeriousA11yViolations(page);

  // The URL shown is the one git uses: the owner clones it and pushes a commit with their email and password.
  const work = mkdtempSync(path.join(tmpdir(), 'slipway-e2e-git-'));
  try {
    const signedIn = new URL(cloneUrl);
    signedIn.username = encodeURIComponent(account.email);
    signedIn.password = encodeURIComponent(account.password);
    await git(['clone', '--quiet', signedIn.href, work]);
    expect(readdirSync(work)).toContain('README.md');
    writeFileSync(path.join(work, 'notes.md'), '# Notes\n');
    await git(['add', 'notes.md'], work);
    await git(['-c', 'user.name=E2E', '-c', 'user.email=e2e@example.com', 'commit', '--quiet', '-m', 'Add notes'], work);
    await git(['push', '--quiet', 'origin', 'HEAD:main'], work);
    expect(await git(['ls-remote', signedIn.href, 'refs/heads/main'])).toContain(await git(['rev-parse', 'HEAD'], work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
