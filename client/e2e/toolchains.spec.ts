import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount } from './helpers';

/**
 * A Slipway on a machine without Go: the built server (as the suite's own) started here beside it, in a mount
 * namespace where bubblewrap hides the folder of Go's programs, so neither Slipway's checks nor its builds find Go.
 * It runs on the port after E2E_PORT, with its own data directory (and embedded PostgreSQL).
 */
const PORT = Number(process.env.E2E_PORT ?? 4510) + 1;
const URL = `http://127.0.0.1:${PORT}`;
const SERVER_DIR = path.resolve(import.meta.dirname, '../../server');
/** Where local builds look for programs (server/src/providers/builder/toolchains.ts). */
const TOOLCHAIN_PATH = [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'];
const INSTALL_GO = 'install Go on the Slipway server (Debian or Ubuntu: apt-get install golang-go; elsewhere: https://go.dev/doc/install)';

/** The folder holding the `go` builds would run, to hide; null when Go is not installed at all. */
function goFolder(): string | null {
  const found = TOOLCHAIN_PATH.map((dir) => path.join(dir, 'go')).find((file) => existsSync(file));
  if (!found) return null;
  const folder = path.dirname(realpathSync(found));
  if (TOOLCHAIN_PATH.includes(folder)) throw new Error(`go is installed straight into ${folder}: it cannot be hidden without hiding the rest of it`);
  return folder;
}

let server: ChildProcess;
let dataDir: string;

const groupAlive = () => {
  try {
    process.kill(-server.pid!, 0);
    return true;
  } catch {
    return false;
  }
};

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-e2e-no-go-'));
  chmodSync(dataDir, 0o711);
  const hidden = goFolder();
  server = spawn('bwrap', ['--dev-bind', '/', '/', ...(hidden ? ['--tmpfs', hidden] : []), process.execPath, 'dist/main.js'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, SLIPWAY_DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', REGISTRATION_LIMIT: '1000' },
    // Its own process group: bwrap passes no signal on, so the stop signals the group (Slipway itself included).
    detached: true,
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${URL}/api/health`).catch(() => null))?.status, { timeout: 80_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  if (server?.pid && groupAlive()) process.kill(-server.pid, 'SIGTERM');
  await expect.poll(groupAlive, { timeout: 30_000 }).toBe(false);
  rmSync(dataDir, { recursive: true, force: true });
});

test('the wizard says before creating that go-api needs Go, missing on this server, and how to install it; so does its failed build', async ({ page }) => {
  test.setTimeout(180_000);
  const account = newAccount('Gopher');
  const registered = await page.request.post(`${URL}/api/auth/register`, { data: { name: account.name, email: account.email, password: account.password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const organization = await page.request.put(`${URL}/api/settings/GITHUB_ORGANIZATION`, { headers: { authorization: `Bearer ${token}` }, data: { value: 'gopher-labs' } });
  expect(organization.ok()).toBe(true);
  await page.goto(`${URL}/login`);
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);

  await page.goto(`${URL}/dashboard/projects/new`);
  await page.getByLabel('Project Name').fill('Gopher Service');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // The template list: the card names what is missing; the others need nothing this server lacks.
  const goCard = page.getByTestId('template-go-api');
  await expect(goCard).toContainText('Needs Go, not installed on this server');
  await expect(page.getByTestId('template-static-site')).not.toContainText('not installed');
  await expectNoSeriousA11yViolations(page);
  await goCard.click();
  const warning = page.getByRole('status').filter({ hasText: 'Go is not installed on this server' });
  await expect(warning).toContainText(`A project from go-api can be created, but its build fails here until then. ${INSTALL_GO.charAt(0).toUpperCase()}${INSTALL_GO.slice(1)}.`);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // The review says it again, before Create Project.
  await expect(page.getByRole('region', { name: 'Template' })).toContainText('Go is not installed on this server');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create Project', exact: true }).click();

  // The creation's build step fails, saying how to install Go.
  await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
  const creation = page.getByRole('region', { name: 'Project Creation' });
  await expect(creation).toContainText(`go was not found. Go is not installed on this server: ${INSTALL_GO}, then retry the step`, { timeout: 120_000 });
  await expectNoSeriousA11yViolations(page);
});
