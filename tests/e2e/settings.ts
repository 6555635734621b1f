import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestServer } from '../support/server.js';
import { openAs, settled } from './browser.js';

/** What the settings suites share: owners with a site from a real template, and the settings screens. */

export type User = Awaited<ReturnType<TestServer['signup']>>;

let n = 0;
export const domain = (label = 'settings') => `${label}-${++n}-${crypto.randomBytes(3).toString('hex')}.example.com`;

export async function setPlan(t: TestServer, userId: number, planId: number) {
  await t.pw.deps.db('subscriptions').where({ user_id: userId }).update({ plan_id: planId });
}

/** A fresh owner (on the plan given: 1 Free, 2 Pro) with a site of the launch template. */
export async function ownerWithSite(
  t: TestServer,
  { plan = 2, name = 'Olivia Owner', siteName = 'Northwind Bakery', templateId = 'launch' } = {},
) {
  const user = await t.signup(name);
  await setPlan(t, user.session.id, plan);
  const siteId = domain();
  const { data, error } = await user.api.POST('/sites', { body: { name: siteName, siteId, templateId } });
  if (!data) throw new Error(`site not created: ${JSON.stringify(error)}`);
  return { user, siteId };
}

/** Opens a settings page of the site as the user and waits until its form or table is there. */
export async function openSettings(browser: Browser, t: TestServer, user: User, siteId: string, page = 'general') {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/settings/${page}`);
  await opened.page.getByTestId('settings-skeleton').first().waitFor({ state: 'detached' });
  await settled(opened.page);
  return opened;
}

/** Clicks 'Save (n)' in the bottom bar and waits for the bar to say 'Saved'. */
export async function save(page: Page, count: number) {
  await page.getByRole('button', { name: `Save (${count})` }).click();
  await page.getByTestId('settings-bottom-bar').getByRole('status').filter({ hasText: 'Saved' }).waitFor();
}

/** The site settings as stored on the server. */
export async function settingsOf(user: User, siteId: string) {
  const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId } } });
  return data!.settings!;
}

export async function reload(page: Page) {
  await page.reload();
  await page.getByTestId('settings-skeleton').first().waitFor({ state: 'detached' });
  await settled(page);
}

/** The bottom bar is not there (nothing changed). */
export async function noBar(page: Page) {
  await expect.poll(() => page.getByTestId('settings-bottom-bar').count()).toBe(0);
}
