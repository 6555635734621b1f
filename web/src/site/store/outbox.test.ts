import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutbox, memoryStorage, RETRY_MS, type OutboxDeps, type OutboxStatus } from './outbox.ts';
import { componentList, type Place } from './places.ts';

/** The text value a PATCH body sets. */
const valueOf = (body: string | null) => (JSON.parse(body ?? '{}') as { data: { value: string } }).data.value;

/** A server the outbox talks to: down until told otherwise, recording what reached it. */
function setup(options: { storage?: ReturnType<typeof memoryStorage> } = {}) {
  const reached: { key: string; age: string; body: string }[] = [];
  let up = true;
  let answer = (_body: string): Response => new Response('{}', { status: 200, headers: { 'X-History': '1|0|1' } });
  const statuses: OutboxStatus[] = [];
  const drained: boolean[] = [];
  const restored: number[] = [];
  const held: number[] = [];
  let now = 1_000_000;
  const storage = options.storage ?? memoryStorage();
  const deps: OutboxDeps = {
    siteId: 'example.com',
    userId: () => 7,
    async fetch(request) {
      if (!up) throw new TypeError('Failed to fetch');
      const body = await request.text();
      reached.push({ key: request.headers.get('Idempotency-Key')!, age: request.headers.get('X-Edit-Age')!, body });
      return answer(body);
    },
    headers: () => ({ Authorization: 'Basic abc' }),
    storage,
    now: () => now,
    onStatus: (s) => statuses.push(s),
    onRestoredAnswer: (r) => restored.push(r.status),
    onHeld: (r) => held.push(r.status),
    onDrained: (after) => drained.push(after),
  };
  const outbox = createOutbox(deps);
  const edit = (value: string, madeAt = now) =>
    outbox.send(
      new Request('http://editor.test/api/sites/example.com/components/hero.title', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ data: { value } }),
      }),
      madeAt,
    );
  return {
    outbox,
    storage,
    reached,
    statuses,
    drained,
    restored,
    held,
    edit,
    setUp: (value: boolean) => (up = value),
    answerWith: (fn: typeof answer) => (answer = fn),
    advance: (ms: number) => (now += ms),
  };
}

/** A structure call (a POST of `path` with a JSON body) sent through the outbox with the places it changes. */
const structureCall = (outbox: ReturnType<typeof createOutbox>, path: string, body: object, places: Place[]) =>
  outbox.send(
    new Request(`http://editor.test/api/sites/example.com/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    0,
    undefined,
    places,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('the outbox', () => {
  it('sends edits one at a time in the order they were made, each with its own key', async () => {
    const t = setup();
    const answers = await Promise.all(['a', 'b', 'c'].map((v) => t.edit(v)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(t.reached.map((r) => valueOf(r.body))).toEqual(['a', 'b', 'c']);
    expect(new Set(t.reached.map((r) => r.key)).size).toBe(3);
    expect(t.reached.every((r) => /^[0-9a-f]{32}$/.test(r.key))).toBe(true);
    expect(t.outbox.status()).toEqual({ waiting: 0, offline: false });
    expect(t.drained.at(-1)).toBe(false);
    expect(await t.storage.load('example.com', 7)).toEqual([]);
  });

  it('keeps the order the edits were made in, when a later call is built before an earlier one', async () => {
    const t = setup();
    const first = t.outbox.reserve();
    const second = t.outbox.reserve();
    const request = (value: string) =>
      new Request('http://editor.test/api/sites/example.com/components/hero.title', {
        method: 'PATCH',
        body: JSON.stringify({ data: { value } }),
      });
    const later = t.outbox.send(request('second'), 0, second);
    await vi.waitFor(() => expect(t.outbox.status().waiting).toBe(1));
    expect(t.reached).toEqual([]);
    const earlier = t.outbox.send(request('first'), 0, first);
    await Promise.all([earlier, later]);
    expect(t.reached.map((r) => valueOf(r.body))).toEqual(['first', 'second']);

    // A place given back (the call failed before it was sent) holds nothing up.
    const unused = t.outbox.reserve();
    const after = t.outbox.send(request('third'), 0);
    t.outbox.release(unused);
    expect((await after).status).toBe(200);
  });

  it('keeps trying while the server cannot be reached, with the same key, and says how long ago the edit was made', async () => {
    vi.useFakeTimers();
    const t = setup();
    t.setUp(false);
    const first = t.edit('offline 1');
    const second = t.edit('offline 2');
    await vi.waitFor(() => expect(t.outbox.status()).toEqual({ waiting: 2, offline: true }));
    // Both are kept for a reload or a closed tab.
    expect((await t.storage.load('example.com', 7)).map((r) => valueOf(r.body))).toEqual(['offline 1', 'offline 2']);
    await vi.advanceTimersByTimeAsync(RETRY_MS[0] + RETRY_MS[1]);
    expect(t.reached).toEqual([]);

    t.advance(20_000);
    t.setUp(true);
    t.outbox.retryNow();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(t.reached.map((r) => r.age)).toEqual(['20000', '20000']);
    expect(t.statuses.at(-1)).toEqual({ waiting: 0, offline: false });
    expect(t.drained.at(-1)).toBe(true);
    expect(await t.storage.load('example.com', 7)).toEqual([]);
  });

  it('sends the same key again when an answer was lost', async () => {
    vi.useFakeTimers();
    const t = setup();
    let lose = true;
    t.answerWith(() => {
      if (lose) {
        lose = false;
        throw new TypeError('connection reset');
      }
      return new Response('{}', { status: 200 });
    });
    const answered = t.edit('once');
    await vi.advanceTimersByTimeAsync(RETRY_MS[0]);
    expect((await answered).status).toBe(200);
    expect(t.reached).toHaveLength(2);
    expect(t.reached[0]!.key).toBe(t.reached[1]!.key);
  });

  it('hands a refusal back to the caller and goes on with the next edit', async () => {
    const t = setup();
    t.answerWith((body) =>
      body.includes('refused')
        ? new Response(JSON.stringify({ error: 'Forbidden', status: 403, code: 'FORBIDDEN' }), { status: 403 })
        : new Response('{}', { status: 200 }),
    );
    const [refused, next] = await Promise.all([t.edit('refused'), t.edit('fine')]);
    expect(refused.status).toBe(403);
    expect(next.status).toBe(200);
    expect(await t.storage.load('example.com', 7)).toEqual([]);
  });

  it('waits out a busy server (503, 409 EDIT_CONFLICT) as it waits out a lost connection', async () => {
    vi.useFakeTimers();
    const t = setup();
    const busy = [
      new Response('{}', { status: 503, headers: { 'Retry-After': '1' } }),
      new Response(JSON.stringify({ error: 'busy', status: 409, code: 'EDIT_CONFLICT' }), { status: 409 }),
    ];
    t.answerWith(() => busy.shift() ?? new Response('{}', { status: 200 }));
    const answer = t.edit('x');
    await vi.advanceTimersByTimeAsync(1_000 + RETRY_MS[1]);
    expect((await answer).status).toBe(200);
    expect(t.reached).toHaveLength(3);
  });

  it('sends the edits kept from an earlier session first, once each, and holds them for the next session on a 401', async () => {
    const storage = memoryStorage();
    const before = setup({ storage });
    before.setUp(false);
    void before.edit('kept 1');
    void before.edit('kept 2');
    await vi.waitFor(() => expect(before.outbox.status().offline).toBe(true));
    before.outbox.close();

    const after = setup({ storage });
    after.answerWith(() => new Response('{}', { status: 401 }));
    await after.outbox.restore();
    await vi.waitFor(() => expect(after.held).toEqual([401]));
    expect(await storage.load('example.com', 7)).toHaveLength(2);

    const again = setup({ storage });
    await again.outbox.restore();
    const mine = again.edit('new');
    expect((await mine).status).toBe(200);
    expect(again.reached.map((r) => valueOf(r.body))).toEqual(['kept 1', 'kept 2', 'new']);
    expect(again.restored).toEqual([200, 200]);
    expect(again.drained.at(-1)).toBe(true);
    expect(await storage.load('example.com', 7)).toEqual([]);
    // Another user's waiting edits stay theirs.
    expect(await storage.load('example.com', 8)).toEqual([]);
  });

  it('counts the moves and adds after a refused add again without it, also those kept for the next session', async () => {
    // The container holds [a, b, c]. Offline: an add at 1 (shown at once), then c (now at 3) dragged to
    // the front, then a paragraph added at the end (4). The add is refused (the plan allows no more).
    const storage = memoryStorage();
    const t = setup({ storage });
    t.setUp(false);
    const call = (path: string, body: object, places: Place[]) => structureCall(t.outbox, path, body, places);
    const list = componentList('hero.content');
    void call('components', { toContainer: 'hero.content', type: 'button', index: 1 }, [{ list, at: 1, by: 1, field: 'index' }]);
    void call('components/sort', { fromContainer: 'hero.content', toContainer: 'hero.content', fromIndex: 3, toIndex: 0 }, [
      { list, at: 3, by: -1, field: 'fromIndex' },
      { list, at: 0, by: 1, field: 'toIndex' },
    ]);
    void call('components', { toContainer: 'hero.content', type: 'paragraph', index: 4 }, [{ list, at: 4, by: 1, field: 'index' }]);
    // Another container's calls keep their numbers.
    void call('components', { toContainer: 'footer.links', type: 'link', index: 2 }, [
      { list: componentList('footer.links'), at: 2, by: 1, field: 'index' },
    ]);
    await vi.waitFor(() => expect(t.outbox.status()).toEqual({ waiting: 4, offline: true }));
    t.outbox.close();

    // The tab closes; the next session sends what was kept, and the add is refused.
    const next = setup({ storage });
    next.answerWith((body) =>
      body.includes('button')
        ? new Response(JSON.stringify({ error: 'Your plan allows no more components', status: 402, code: 'PLAN_LIMIT' }), { status: 402 })
        : new Response('{}', { status: 200 }),
    );
    await next.outbox.restore();
    await vi.waitFor(() => expect(next.restored).toEqual([402, 200, 200, 200]));
    expect(next.reached.slice(1).map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { fromContainer: 'hero.content', toContainer: 'hero.content', fromIndex: 2, toIndex: 0 },
      { toContainer: 'hero.content', type: 'paragraph', index: 3 },
      { toContainer: 'footer.links', type: 'link', index: 2 },
    ]);
  });

  it('sends a second move of a component from where it is back once its first move is refused', async () => {
    // hero.content holds [a, b]; footer.links [c]. Offline: a dragged to the end of the footer's links,
    // then dragged again to their front. The first move is refused (another editor locked the footer).
    const t = setup();
    t.setUp(false);
    const call = (body: object, places: Place[]) => structureCall(t.outbox, 'components/sort', body, places);
    const hero = componentList('hero.content');
    const footer = componentList('footer.links');
    const first = call({ fromContainer: 'hero.content', toContainer: 'footer.links', fromIndex: 0, toIndex: 1 }, [
      { list: hero, at: 0, by: -1, field: 'fromIndex', listField: 'fromContainer' },
      { list: footer, at: 1, by: 1, field: 'toIndex' },
    ]);
    const second = call({ fromContainer: 'footer.links', toContainer: 'footer.links', fromIndex: 1, toIndex: 0 }, [
      { list: footer, at: 1, by: -1, field: 'fromIndex', listField: 'fromContainer' },
      { list: footer, at: 0, by: 1, field: 'toIndex' },
    ]);
    await vi.waitFor(() => expect(t.outbox.status()).toEqual({ waiting: 2, offline: true }));
    t.answerWith(() => (t.reached.length === 1 ? new Response('{}', { status: 403 }) : new Response('{}', { status: 200 })));
    t.setUp(true);
    expect((await first).status).toBe(403);
    expect((await second).status).toBe(200);
    // a is still first in hero.content: the second move takes it from there to the footer's front.
    expect(JSON.parse(t.reached[1]!.body)).toEqual({
      fromContainer: 'hero.content',
      toContainer: 'footer.links',
      fromIndex: 0,
      toIndex: 0,
    });
  });

  it('counts a call again when an earlier one is refused while it is still being built', async () => {
    const t = setup();
    t.answerWith((body) => (body.includes('button') ? new Response('{}', { status: 403 }) : new Response('{}', { status: 200 })));
    const list = componentList('hero.content');
    const request = (body: object) =>
      new Request('http://editor.test/api/sites/example.com/components', { method: 'POST', body: JSON.stringify(body) });
    const first = t.outbox.reserve();
    const second = t.outbox.reserve();
    const refused = t.outbox.send(request({ toContainer: 'hero.content', type: 'button', index: 0 }), 0, first, [
      { list, at: 0, by: 1, field: 'index' },
    ]);
    expect((await refused).status).toBe(403);
    const later = t.outbox.send(request({ toContainer: 'hero.content', type: 'image', index: 2 }), 0, second, [
      { list, at: 2, by: 1, field: 'index' },
    ]);
    expect((await later).status).toBe(200);
    expect(JSON.parse(t.reached[1]!.body)).toEqual({ toContainer: 'hero.content', type: 'image', index: 1 });
  });
});
