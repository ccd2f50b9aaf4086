import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

test.describe('notifications', () => {
  test('adds a webhook by keyboard, shows its secret once, adds a rule and sends a signed test', async ({ page }) => {
    const received: Array<{ body: string; signature: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push({ body, signature: String(req.headers['x-slipway-signature-256']) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      await registerViaApi(page);
      await page.goto('/dashboard/settings');
      const section = page.getByRole('region', { name: 'Notifications' });
      await expect(section.getByText('No channels yet.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // A refused target says why beside its field.
      await section.getByLabel('Channel name').fill('Local');
      await section.getByLabel('Webhook URL').fill('http://10.0.0.1/hook');
      await section.getByRole('button', { name: 'Add channel' }).click();
      await expect(section.getByText('Webhook URL must not point to a private address (10.0.0.1)')).toBeVisible();

      // Keyboard only: name, kind, URL, submit.
      await section.getByLabel('Channel name').fill('');
      await section.getByLabel('Channel name').focus();
      await page.keyboard.type('Team chat');
      await page.keyboard.press('Tab');
      await expect(section.getByLabel('Kind')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(section.getByLabel('Webhook URL')).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(hookUrl);
      await page.keyboard.press('Enter');

      const heading = section.getByRole('heading', { name: 'Webhook “Team chat” added' });
      await expect(heading).toBeFocused();
      const secret = await section.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await expectNoSeriousA11yViolations(page);
      await section.getByRole('button', { name: 'Done' }).click();
      await expect(heading).toBeHidden();

      const rules = section.getByRole('form', { name: 'Add a notification rule' });
      await rules.getByRole('checkbox', { name: 'Successful production deploy' }).check();
      await rules.getByRole('button', { name: 'Add rule' }).click();
      await expect(section.getByRole('table', { name: 'Your notification rules' }).getByRole('row', { name: /Failed or rolled-back deployment, Successful production deploy/ })).toBeVisible();

      await section.getByRole('button', { name: 'Send test to Team chat' }).click();
      await expect(section.getByRole('status').filter({ hasText: 'Test sent to Team chat' })).toBeVisible();
      const delivery = section.getByRole('table', { name: 'Latest notification deliveries' }).getByRole('row', { name: /Test: Test notification for Team chat/ });
      await expect(delivery).toContainText('Delivered', { timeout: 20_000 });
      await expect(delivery).toContainText('204');
      expect(received).toHaveLength(1);
      expect(received[0].signature).toBe(`sha256=${createHmac('sha256', secret).update(received[0].body).digest('hex')}`);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
