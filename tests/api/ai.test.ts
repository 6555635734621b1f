import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSite } from '../support/editor.js';
import { chatServer } from '../support/formServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { makeSiteDoc } from '../support/siteDoc.js';
import { team, type Team } from '../support/team.js';

const KEY = 'sk-local-test-key-0123456789';

let t: TestServer;
let ai: Awaited<ReturnType<typeof chatServer>>;
let crew: Team;

beforeAll(async () => {
  ai = await chatServer();
  t = await startTestServer({ AI_API_URL: ai.url, AI_API_KEY: KEY, AI_MODEL: 'local-model' });
  crew = await team(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

type Api = Team['owner']['api'];
const improve = (api: Api, body: Record<string, unknown>) => api.POST('/ai/text', { body: body as never });
const translate = (api: Api, body: Record<string, unknown>) => api.POST('/ai/translate', { body: body as never });

const OWNER_MESSAGE = 'This site does not have AI translations enabled. To enable them, please upgrade your pricing plan.';
const COLLABORATOR_MESSAGE = 'This site does not have AI translations enabled. A pricing plan upgrade is needed by the site owner.';

function reset() {
  ai.state.calls.length = 0;
  ai.state.fail = null;
  ai.state.reply = () => 'An improved text.';
}

describe('POST /ai/text', () => {
  it("answers the provider's rewrite, asking it with the model, the key and the text", async () => {
    reset();
    ai.state.reply = () => '  We build websites that work.  ';
    const { data, response } = await improve(crew.owner.api, { text: 'we make good website', siteId: crew.siteId });
    expect(response.status).toBe(200);
    expect(data).toEqual({ text: 'We build websites that work.' });
    expect(ai.state.calls).toHaveLength(1);
    const call = ai.state.calls[0]!;
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call.body.model).toBe('local-model');
    const messages = call.body.messages as { role: string; content: string }[];
    expect(messages[0]!.role).toBe('system');
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'we make good website' });
    expect(call.body.response_format).toBeUndefined();
  });

  it("lets an unlocked collaborator use the owner's plan", async () => {
    reset();
    const { response } = await improve(crew.collaborator.api, { text: 'Hello', siteId: crew.siteId });
    expect(response.status).toBe(200);
  });

  it.each([
    [{}, 'text', 'Text is required'],
    [{ text: '   ' }, 'text', 'Text is required'],
    [{ text: 42 }, 'text', 'Text is required'],
    [{ text: 'x'.repeat(10_001) }, 'text', 'Text must be at most 10000 characters'],
    [{ text: 'Hello', siteId: 7 }, 'siteId', 'Not found'],
  ])('refuses %j without asking the provider', async (body, field, message) => {
    reset();
    const { error, response } = await improve(crew.owner.api, body);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
    expect(ai.state.calls).toEqual([]);
  });
});

describe('POST /ai/translate', () => {
  it("answers a text per language asked, asking the provider for JSON from the site's first language", async () => {
    reset();
    ai.state.reply = () => JSON.stringify({ fi: 'Tervetuloa', sv: 'Välkommen', de: 'Willkommen' });
    const { data, response } = await translate(crew.owner.api, { text: 'Welcome', languages: ['fi', 'sv'], siteId: crew.siteId });
    expect(response.status).toBe(200);
    // Only the languages asked for.
    expect(data).toEqual({ fi: 'Tervetuloa', sv: 'Välkommen' });
    const call = ai.state.calls[0]!;
    expect(call.body.response_format).toEqual({ type: 'json_object' });
    expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
    const [system, user] = call.body.messages as { role: string; content: string }[];
    expect(system!.content).toContain('fi, sv');
    expect(system!.content).toContain('"en"');
    expect(user).toEqual({ role: 'user', content: 'Welcome' });
  });

  it('reads a translation the model wrapped in a code fence', async () => {
    reset();
    ai.state.reply = () => '```json\n{"fi":"Hei"}\n```';
    expect((await translate(crew.owner.api, { text: 'Hi', languages: ['fi'], siteId: crew.siteId })).data).toEqual({ fi: 'Hei' });
  });

  it('answers 502 when the provider leaves a language out or does not answer JSON', async () => {
    reset();
    ai.state.reply = () => JSON.stringify({ fi: 'Tervetuloa' });
    const partial = await translate(crew.owner.api, { text: 'Welcome', languages: ['fi', 'sv'], siteId: crew.siteId });
    expect(partial.response.status).toBe(502);
    expect(partial.error).toMatchObject({ error: 'The AI provider did not translate into every language', code: 'AI_FAILED' });
    ai.state.reply = () => 'Tervetuloa!';
    const prose = await translate(crew.owner.api, { text: 'Welcome', languages: ['fi'], siteId: crew.siteId });
    expect(prose.response.status).toBe(502);
    expect(prose.error!.code).toBe('AI_FAILED');
  });

  it.each([
    [{ text: 'Hi' }],
    [{ text: 'Hi', languages: [] }],
    [{ text: 'Hi', languages: 'fi' }],
    [{ text: 'Hi', languages: ['Finnish'] }],
    [{ text: 'Hi', languages: ['fi', 'fi'] }],
    [{ text: 'Hi', languages: Array.from({ length: 21 }, (_, i) => `l${String.fromCharCode(97 + i)}`) }],
  ])('refuses the languages of %j', async (body) => {
    reset();
    const { error, response } = await translate(crew.owner.api, { ...body, siteId: crew.siteId });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: 'Languages must be a list of language codes such as fi or pt-BR', info: { field: 'languages' } });
    expect(ai.state.calls).toEqual([]);
  });

  it('refuses a missing text before the languages', async () => {
    const { error } = await translate(crew.owner.api, { languages: ['fi'] });
    expect(error).toMatchObject({ error: 'Text is required', info: { field: 'text' } });
  });
});

describe('the provider failing', () => {
  it("answers 502 with the provider's message, never the key", async () => {
    reset();
    ai.state.fail = { status: 401, message: `Incorrect API key provided: ${KEY}. You can find your API key at the dashboard.` };
    for (const call of [
      improve(crew.owner.api, { text: 'Hi', siteId: crew.siteId }),
      translate(crew.owner.api, { text: 'Hi', languages: ['fi'], siteId: crew.siteId }),
    ]) {
      const { error, response } = await call;
      expect(response.status).toBe(502);
      expect(error).toMatchObject({
        code: 'AI_FAILED',
        error: 'Incorrect API key provided: ***. You can find your API key at the dashboard.',
      });
      expect(JSON.stringify(error)).not.toContain(KEY);
    }
    ai.state.fail = { status: 429, message: 'Rate limit reached for local-model' };
    const limited = await improve(crew.owner.api, { text: 'Hi', siteId: crew.siteId });
    expect(limited.response.status).toBe(502);
    expect(limited.error!.error).toBe('Rate limit reached for local-model');
    reset();
  });
});

describe('the plan and who may ask', () => {
  it("needs the owner's useAi: the owner is asked to upgrade, a collaborator told the owner must", async () => {
    reset();
    const downgraded = await team(t);
    await t.pw.deps.db('subscriptions').where({ user_id: downgraded.owner.id }).update({ plan_id: 1 });
    const owner = await improve(downgraded.owner.api, { text: 'Hi', siteId: downgraded.siteId });
    expect(owner.response.status).toBe(402);
    expect(owner.error).toMatchObject({ error: OWNER_MESSAGE, code: 'PLAN_LIMIT', info: { title: 'Upgrade needed', feature: 'useAi' } });
    const collaborator = await translate(downgraded.collaborator.api, { text: 'Hi', languages: ['fi'], siteId: downgraded.siteId });
    expect(collaborator.response.status).toBe(402);
    expect(collaborator.error).toMatchObject({ error: COLLABORATOR_MESSAGE, code: 'PLAN_LIMIT' });
    expect(ai.state.calls).toEqual([]);
  });

  it("goes by the site owner's plan with a siteId, else by the caller's own plan", async () => {
    reset();
    const site = await ownSite(t, makeSiteDoc());
    const { error } = await improve(site.api, { text: 'Hi', siteId: site.siteId });
    expect(error!.error).toBe(OWNER_MESSAGE);
    // The Pro owner of the team site uses AI on that site, and without a site on their own plan.
    expect((await improve(crew.owner.api, { text: 'Hi' })).response.status).toBe(200);
    expect((await improve(site.api, { text: 'Hi' })).response.status).toBe(402);
  });

  it("refuses a locked collaborator (403), someone else's site (404), API keys (403) and no session (401)", async () => {
    reset();
    const locked = await improve(crew.locked.api, { text: 'Hi', siteId: crew.siteId });
    expect(locked.response.status).toBe(403);
    expect(locked.error!.code).toBe('SITE_LOCKED');
    expect((await improve(crew.stranger.api, { text: 'Hi', siteId: crew.siteId })).response.status).toBe(404);
    const key = await improve(t.client(crew.key), { text: 'Hi', siteId: crew.siteId });
    expect(key.response.status).toBe(403);
    expect(key.error!.code).toBe('API_KEY_SCOPE');
    expect((await translate(t.client(crew.otherSiteKey), { text: 'Hi', languages: ['fi'], siteId: crew.siteId })).response.status).toBe(
      403,
    );
    expect((await improve(t.client(), { text: 'Hi' })).response.status).toBe(401);
    expect((await translate(t.client(), { text: 'Hi', languages: ['fi'] })).response.status).toBe(401);
    expect(ai.state.calls).toEqual([]);
  });
});

describe('without a provider', () => {
  it('answers 503 when the server has no AI configured', async () => {
    const bare = await startTestServer();
    try {
      const { session, api } = await bare.signup('Pro');
      await bare.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: 2 });
      const { error, response } = await api.POST('/ai/text', { body: { text: 'Hi' } });
      expect(response.status).toBe(503);
      expect(error).toMatchObject({ error: 'AI helpers are not configured on this server', code: 'AI_NOT_CONFIGURED' });
    } finally {
      await bare.close();
    }
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const gone = await startTestServer({ AI_API_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: KEY });
    try {
      const { session, api } = await gone.signup('Pro');
      await gone.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: 2 });
      const { error, response } = await api.POST('/ai/translate', { body: { text: 'Hi', languages: ['fi'] } });
      expect(response.status).toBe(502);
      expect(error).toMatchObject({ error: 'The AI provider did not answer, please try again later', code: 'AI_FAILED' });
    } finally {
      await gone.close();
    }
  });
});
