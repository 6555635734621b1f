import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTemplate, siteFromTemplate } from '../../server/src/templates/catalog.js';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, launch } from './browser.js';

/** The page a visitor's plain form post lands on (issue 19): the site's own look, language and a way back. */

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_FORM_IP: '10000' });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const hexToRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('the form confirmation page', () => {
  it('is in the site’s theme, fonts and the submitter’s language, its button leading back', { timeout: 120_000 }, async () => {
    const seed = findTemplate('bistro')!;
    const doc = siteFromTemplate(seed, 'Bistro Saaristo', seed.theme);
    doc.settings.compile = { ...doc.settings.compile, domain: 'www.saaristo.example' };
    doc.settings.form = {
      ...doc.settings.form,
      confirmationHeading: { _loc: true, en: 'Thank you!', fi: 'Kiitos varauksesta!' },
      confirmationText: { _loc: true, en: 'We will confirm by email.', fi: 'Vahvistamme varauksen sähköpostilla.' },
      confirmationButton: { _loc: true, en: 'Back to the site', fi: 'Takaisin sivustolle' },
    };
    const site = await ownSite(t, doc);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fi-FI' });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
    });
    // A visitor's plain post, as a compiled form sends it (no script).
    await page.setContent(
      `<form method="post" action="${t.url}/api/sites/${site.siteId}/forms/reservation"><input name="name" value="Aino"><input type="hidden" name="_language" value="fi"><button>Lähetä</button></form>`,
    );
    await Promise.all([page.waitForURL(/\/forms\/reservation$/), page.getByRole('button', { name: 'Lähetä' }).click()]);
    await page.evaluate(() => document.fonts.ready);

    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    expect(await page.title()).toBe('Kiitos varauksesta! | Bistro Saaristo');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Kiitos varauksesta!');
    expect(await page.getByText('Vahvistamme varauksen sähköpostilla.').isVisible()).toBe(true);
    expect(await page.getByText('Bistro Saaristo').isVisible()).toBe(true);
    // No Referer from the visitor's page: the way back is the site's home.
    const back = page.getByRole('link', { name: 'Takaisin sivustolle' });
    expect(await back.getAttribute('href')).toBe('https://www.saaristo.example/');

    const look = await page.evaluate(() => {
      const h1 = getComputedStyle(document.querySelector('h1')!);
      const link = getComputedStyle(document.querySelector('a')!);
      return {
        heading: h1.fontFamily,
        body: getComputedStyle(document.body).fontFamily,
        bg: getComputedStyle(document.body).backgroundColor,
        button: link.backgroundColor,
      };
    });
    expect(look.heading).toMatch(/^"?Playfair Display"?, "Playfair Display Fallback"/);
    expect(look.body).toMatch(/^"?Work Sans"?/);
    expect(look.bg).toBe(hexToRgb(doc.theme.colors.gray.shades.l1));
    expect(look.button).toBe(hexToRgb(doc.theme.colors.primary.shades.l9));
    expect(fonts.length).toBeGreaterThanOrEqual(1);
    for (const f of fonts) expect(f).toMatch(/^\/api\/fonts\/files\/(playfair-display|work-sans)-latin-\d00-normal\.woff2$/);
    await checkScreen(page, 'visitors-form-confirmation-390');
    await page.screenshot({ path: '/tmp/shots-visitors/form-confirmation-390.png' });
    await context.close();
  });
});
