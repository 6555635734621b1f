import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatServer } from '../support/formServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { team, type Team } from '../support/team.js';

/** POST /ai/text's modes (issue 14 item 10): rewrite (the default), shorten and continue, each its own instruction. */

let t: TestServer;
let ai: Awaited<ReturnType<typeof chatServer>>;
let crew: Team;

beforeAll(async () => {
  ai = await chatServer();
  t = await startTestServer({ AI_API_URL: ai.url, AI_API_KEY: 'sk-local', AI_MODEL: 'local-model' });
  crew = await team(t);
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

const systemOf = (i: number) => (ai.state.calls[i]!.body.messages as { role: string; content: string }[])[0]!.content;

describe('POST /ai/text modes', () => {
  it('rewrites by default, shortens and continues when asked, each with its own instruction to the provider', async () => {
    ai.state.calls.length = 0;
    for (const mode of [undefined, 'rewrite', 'shorten', 'continue'] as const) {
      const { data, response } = await crew.owner.api.POST('/ai/text', {
        body: { text: 'We bake bread.', siteId: crew.siteId, ...(mode ? { mode } : {}) },
      });
      expect(response.status).toBe(200);
      expect(data).toEqual({ text: 'An improved text.' });
    }
    expect(systemOf(0)).toBe(systemOf(1));
    expect(systemOf(0)).toMatch(/^You improve the text/);
    expect(systemOf(2)).toMatch(/^You shorten the text/);
    expect(systemOf(3)).toMatch(/^You continue the text/);
  });

  it('refuses another mode with 400 naming the field, without asking the provider', async () => {
    ai.state.calls.length = 0;
    const { error, response } = await crew.owner.api.POST('/ai/text', {
      body: { text: 'Hi', siteId: crew.siteId, mode: 'translate' as never },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: 'Mode must be rewrite, shorten or continue', info: { field: 'mode' } });
    expect(ai.state.calls).toHaveLength(0);
  });
});
