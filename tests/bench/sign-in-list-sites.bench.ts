// Issue #2: how fast a signed-in user's site list answers, against a bare node:http server that
// serves the very same JSON from memory, so the ratio shows what the whole stack costs.
import { SDK_VERSION } from '@pagewright/sdk';
import { startTestServer } from '../support/server.js';
import { measure, serveFixed, serveFixedExpress, type Benchmark, type Row } from './harness.js';

const SITES = 3; // the free plan's limit
const LOGINS = 60; // about 2 s at the server's real argon2 cost
const TARGET = 'GET /api/sites (Pagewright)';
const BARE = 'same JSON (bare node:http)';
const EXPRESS = 'same JSON (bare Express, info)';

const benchmark: Benchmark = {
  name: 'sign-in then list sites',
  async run(): Promise<Row[]> {
    const t = await startTestServer({
      // The login line should show what a real login costs, so use the server's own argon2
      // defaults (an empty value means "default") instead of the test harness's lighter cost…
      ARGON2_MEMORY_KIB: '',
      ARGON2_TIME_COST: '',
      // …and lift the per-IP login limit, which would otherwise answer 429 within a second.
      RATE_LIMIT_LOGIN_IP: '1000000',
    });
    let bare: Awaited<ReturnType<typeof serveFixed>> | null = null;
    let framework: Awaited<ReturnType<typeof serveFixed>> | null = null;
    try {
      const { session, api, password } = await t.signup('Bench User');
      for (let n = 1; n <= SITES; n++) {
        const { error } = await api.POST('/sites', {
          body: { name: `Bench ${n}`, siteId: `bench-${n}.example.com`, templateId: 'launch' },
        });
        if (error) throw new Error(`creating bench-${n}.example.com failed: ${JSON.stringify(error)}`);
      }

      const headers = {
        Authorization: `Basic ${Buffer.from(`${session.token}:`).toString('base64')}`,
        'X-Client-Version': `sdk/${SDK_VERSION}`,
      };
      const sitesUrl = `${t.url}/api/sites`;
      const answer = await fetch(sitesUrl, { headers });
      const body = await answer.text();
      if (!answer.ok || (JSON.parse(body) as unknown[]).length !== SITES)
        throw new Error(`GET /api/sites answered ${answer.status}: ${body}`);
      const contentType = answer.headers.get('content-type') ?? 'application/json';
      bare = await serveFixed(body, contentType);
      framework = await serveFixedExpress(body, contentType);

      // Sign-in first and counted, so no login is still hashing when the site list is measured.
      const login = await measure('POST /api/auth/login (info)', {
        url: `${t.url}/api/auth/login`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Client-Version': `sdk/${SDK_VERSION}` },
        body: JSON.stringify({ email: session.email, password }),
        amount: LOGINS,
        warmupSeconds: 0,
      });
      const target = await measure(TARGET, { url: sitesUrl, headers });
      const baseline = await measure(BARE, { url: bare.url });
      const express = await measure(EXPRESS, { url: framework.url });
      return [{ ...target, baseline: { name: BARE, aim: 0.5 } }, baseline, express, login];
    } finally {
      await bare?.close();
      await framework?.close();
      await t.close();
    }
  },
};

export default benchmark;
