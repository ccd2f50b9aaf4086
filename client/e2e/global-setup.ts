import type { FullConfig } from '@playwright/test';
import { E2E_ADMIN } from './helpers';

/**
 * The run's first account, hence its admin (the first account on a fresh install is one): registered before any
 * spec, once Playwright's web servers answer, so a spec that needs an admin signs in as it whatever runs first.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0].use.baseURL;
  const response = await fetch(`${baseURL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const body = (await response.json()) as { user?: { role?: string } };
  if (response.status !== 201 || body.user?.role !== 'admin') throw new Error(`the e2e admin could not be registered first: ${response.status} ${JSON.stringify(body)}`);
}
