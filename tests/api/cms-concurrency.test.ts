import { createClient, type PagewrightClient } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagewright, type Pagewright } from '../../server/src/index.js';
import { cmsOf } from '../support/cms.js';
import { ownSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';

// Issue 32, faults: concurrent writers on two instances of the server over one database (on
// PostgreSQL in the second pass of .ci/run; the SQLite pass runs both on one database file). A
// hundred updates of one item at once, each setting a field of its own, and ten imports at once
// into one collection: every answer is a success (no 5xx, no conflict), nothing is lost, and both
// instances then read the same items.

let t: TestServer;
let second: Pagewright;
let secondUrl: string;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
  second = createPagewright(t.pw.deps.config, t.pw.deps.log, { sectionLibrary: fixtureLibrary });
  secondUrl = await second.start();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const FIELDS = 100;

describe('two instances writing one collection at once', () => {
  let s: Awaited<ReturnType<typeof ownSite>>;
  let other: PagewrightClient;
  beforeAll(async () => {
    s = await ownSite(t, makeSiteDoc({}));
    const email = (await s.api.GET('/user')).data!.email;
    const login = await t.client().POST('/auth/login', { body: { email, password: 'correct horse battery' } });
    other = createClient({ baseUrl: secondUrl, token: (login.data as { token: string }).token, fetch: contractFetch(secondUrl) });
  });

  it('a hundred parallel updates of one item, half through each instance, each keep their value', { timeout: 180_000 }, async () => {
    const cms = cmsOf(s.api, s.siteId);
    await cms.create({ id: 'counters', name: 'Counters' });
    for (let k = 1; k <= FIELDS; k++) expect((await cms.addField('counters', { name: `f${k}`, type: 'number' })).error).toBeUndefined();
    expect((await cms.addItem('counters', { f1: 0 })).error).toBeUndefined();
    const clients = [cmsOf(s.api, s.siteId), cmsOf(other, s.siteId)];
    const answers = await Promise.all(
      Array.from({ length: FIELDS }, (_, k) => clients[k % 2]!.editItem('counters', 1, { [`f${k + 1}`]: k + 1 })),
    );
    expect(answers.map((a) => a.response.status)).toEqual(Array<number>(FIELDS).fill(200));
    const expected = Object.fromEntries(Array.from({ length: FIELDS }, (_, k) => [`f${k + 1}`, k + 1]));
    for (const client of clients) {
      const { data } = await client.item('counters', 1);
      expect(data).toMatchObject({ _id: 1, ...expected });
      // The list (from each instance's item cache) agrees with the row.
      const list = await client.items('counters');
      expect(list.data!.items).toEqual([data]);
    }
  });

  it('ten parallel imports, five through each instance, add every row once with its own id', { timeout: 180_000 }, async () => {
    const cms = cmsOf(s.api, s.siteId);
    await cms.create({ id: 'entries', name: 'Entries' });
    await cms.addField('entries', { name: 'title', type: 'text' });
    await cms.addField('entries', { name: 'batch', type: 'number' });
    // 2,000 rows a request: on PostgreSQL each import streams its rows with COPY.
    const ROWS = 2_000;
    const clients = [cmsOf(s.api, s.siteId), cmsOf(other, s.siteId)];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, b) =>
        clients[b % 2]!.import('entries', { items: Array.from({ length: ROWS }, (_, r) => ({ title: `batch ${b} row ${r}`, batch: b })) }),
      ),
    );
    expect(answers.map((a) => a.response.status)).toEqual(Array<number>(10).fill(200));
    expect(answers.map((a) => a.data!.created)).toEqual(Array<number>(10).fill(ROWS));
    for (const client of clients) {
      const all = await client.all('entries');
      expect(all).toHaveLength(10 * ROWS);
      expect(new Set(all.map((i) => i._id)).size).toBe(10 * ROWS);
      expect(new Set(all.map((i) => i.title)).size).toBe(10 * ROWS);
      expect((await client.get('entries')).data!.count).toBe(10 * ROWS);
      // Each import's rows stay together, in their order, and a search finds one row of one batch.
      for (let b = 0; b < 10; b++) {
        const titles = all.filter((i) => i.batch === b).map((i) => i.title);
        expect(titles).toEqual(Array.from({ length: ROWS }, (_, r) => `batch ${b} row ${r}`));
      }
      const found = await client.items('entries', { search: 'batch 7 row 1234' });
      expect(found.data!.items.map((i) => i.title)).toEqual(['batch 7 row 1234']);
    }
  });
});
