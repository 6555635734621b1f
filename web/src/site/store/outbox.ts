import { openDB, type DBSchema } from 'idb';
import { listId, rebase, undoing, type Place } from './places.ts';

/**
 * The one outbox every edit of a site goes through (issue 29, docs/decisions/0083-edit-outbox.md).
 * The edit is already on the canvas when it gets here; the outbox sends the calls one at a time in
 * the order they were made, each with an Idempotency-Key (so a call resent after a lost answer
 * applies once) and X-Edit-Age (so the server can keep another editor's later change to the same
 * setting). While the server cannot be reached it keeps trying, with backoff and at once when the
 * browser says it is online again; every call waiting is kept in IndexedDB, so a reload or a closed
 * tab loses nothing: the next editor of the site in this browser sends it.
 *
 * It sits where openapi-fetch hands the request to `fetch`: the editing call is made with the typed
 * client as before, and its answer comes back to the caller when the server finally gave one.
 */

/** One waiting call as kept in IndexedDB (no session token: the headers are made again when sent). */
export interface OutboxRecord {
  /** The Idempotency-Key, and the record's key in the store. */
  key: string;
  siteId: string;
  userId: number | null;
  /** Sending order. */
  seq: number;
  /** When the user made the edit (this browser's clock), for X-Edit-Age. */
  madeAt: number;
  method: string;
  url: string;
  body: string | null;
  contentType: string | null;
  /**
   * The lists this call changes, counted by index (places.ts): when it is refused, the calls after it
   * are counted again without its changes. A place with a `field` is a number of the JSON body.
   */
  places?: Place[];
}

/** Where waiting calls are kept: IndexedDB in the browser, memory where there is none. */
export interface OutboxStorage {
  load(siteId: string, userId: number | null): Promise<OutboxRecord[]>;
  put(record: OutboxRecord): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface OutboxStatus {
  /** Calls not yet answered. */
  waiting: number;
  /** The last try could not reach the server. */
  offline: boolean;
}

export interface OutboxDeps {
  siteId: string;
  userId(): number | null;
  /** Sends one request (the browser's fetch; tests give their own server). */
  fetch(request: Request): Promise<Response>;
  /** The session and client-version headers, for a call restored from storage. */
  headers(): Record<string, string>;
  storage: OutboxStorage;
  now(): number;
  onStatus(status: OutboxStatus): void;
  /** A call restored from storage was answered (no caller waits for it). */
  onRestoredAnswer(response: Response): void;
  /** The session is gone or the app is outdated (401, 426): the call waits for the next session. */
  onHeld(response: Response): void;
  /** Nothing waits any more; `afterTrouble` when the server could not be reached meanwhile, or restored calls were sent. */
  onDrained(afterTrouble: boolean): void;
}

/** Waits between tries while the server cannot be reached (the last one repeats). */
export const RETRY_MS = [500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

/** Answers that mean "not now": tried again later. */
const TRY_AGAIN = new Set([408, 425, 429, 502, 503, 504]);
/** Answers about the session or the app, not the edit: the call waits for the next session. */
const HOLD = new Set([401, 426]);

/** A place in the sending order, taken when the user makes the edit (before its request is built). */
export interface Ticket {
  seq: number;
}

export interface Outbox {
  /**
   * Takes the next place in the sending order, at once: the call's request is built later (the
   * client's middleware is asynchronous), and an edit made after this one must not overtake it.
   */
  reserve(): Ticket;
  /** Gives a place back that no call took (the call failed before it was sent). */
  release(ticket: Ticket): void;
  /** Queues a call in its place and answers the server's response once there is one; `places`: what it changes in lists counted by index. */
  send(request: Request, madeAt: number, ticket?: Ticket, places?: Place[]): Promise<Response>;
  /** Opens the outbox: queues the calls kept from an earlier session of this site, before anything new. */
  restore(): Promise<void>;
  /** Tries at once (the browser is online again). */
  retryNow(): void;
  /** Stops sending; what waits stays in storage for the next session. */
  close(): void;
  status(): OutboxStatus;
}

interface Item {
  record: OutboxRecord;
  /** Kept in storage (the call is not sent before: a closed tab must still have it). */
  stored?: Promise<unknown>;
  /** The caller waiting for the answer; none for a call restored from storage. */
  done?: (response: Response) => void;
}

/** A key in the alphabet the server accepts, random enough to never repeat (works without a secure context). */
export function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A call still unanswered after this long is taken as lost and tried again (with its key, so at most once). */
const ANSWER_TIMEOUT_MS = 60_000;

export function createOutbox(deps: OutboxDeps): Outbox {
  const queue: Item[] = [];
  let busy = false;
  let closed = false;
  let held = false;
  let offline = false;
  let trouble = false;
  let attempt = 0;
  let lastSeq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let restoring: Promise<void> | null = null;
  /** Places taken whose call has not arrived yet: nothing after them is sent before they come. */
  const reserved = new Set<number>();
  /** For a place taken whose call has not arrived yet: the changes of calls refused meanwhile, to take out of it. */
  const undoneBeforeArrival = new Map<number, Place[][]>();

  /** Counts the calls after a refused one again without its changes (places.ts), and keeps them so. */
  function takeOut(refused: OutboxRecord) {
    const undo = undoing(refused.places ?? []);
    if (undo.length === 0) return;
    const later = queue.filter((item) => item.record.seq > refused.seq);
    const rebased = rebase(
      later.map((item) => item.record.places ?? []),
      undo,
    );
    later.forEach((item, i) => {
      const places = rebased[i]!;
      if (places === (item.record.places ?? [])) return;
      item.record = withPlaces(item.record, places);
      void deps.storage.put(item.record).catch(() => undefined);
    });
    for (const seq of reserved) if (seq > refused.seq) undoneBeforeArrival.set(seq, [...(undoneBeforeArrival.get(seq) ?? []), undo]);
  }

  const status = (): OutboxStatus => ({ waiting: queue.length, offline });
  const changed = () => deps.onStatus(status());

  function requestOf(record: OutboxRecord): Request {
    const headers = new Headers(deps.headers());
    if (record.contentType) headers.set('Content-Type', record.contentType);
    headers.set('Idempotency-Key', record.key);
    headers.set('X-Edit-Age', String(Math.max(0, Math.round(deps.now() - record.madeAt))));
    return new Request(record.url, { method: record.method, headers, body: record.body, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
  }

  function wait(ms?: number) {
    offline = true;
    trouble = true;
    changed();
    clearTimeout(timer);
    timer = setTimeout(() => void pump(), ms ?? RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
    attempt++;
  }

  async function pump(): Promise<void> {
    if (busy || closed || held) return;
    busy = true;
    clearTimeout(timer);
    try {
      // Calls kept from an earlier session go first.
      await restoring;
      while (queue.length > 0 && !closed) {
        const item = queue[0]!;
        // An earlier edit's call is still being built: it goes first (send() starts the pump again).
        if ([...reserved].some((seq) => seq < item.record.seq)) return;
        await item.stored;
        let response: Response;
        try {
          response = await deps.fetch(requestOf(item.record));
        } catch {
          // The server cannot be reached (offline, restarting): the same call, with the same key, later.
          return wait();
        }
        if (TRY_AGAIN.has(response.status) || (await isBusy(response))) {
          const after = Number(response.headers.get('Retry-After'));
          return wait(Number.isFinite(after) && after > 0 ? after * 1000 : undefined);
        }
        if (HOLD.has(response.status)) {
          held = true;
          deps.onHeld(response);
          return;
        }
        // Answered (done, or refused with its reason): it leaves the outbox either way. Refused, what it
        // changed in a list never happens: the calls after it count their places without it.
        queue.shift();
        if (!response.ok) takeOut(item.record);
        attempt = 0;
        offline = false;
        await deps.storage.delete(item.record.key).catch(() => undefined);
        changed();
        if (item.done) item.done(response);
        else {
          trouble = true;
          deps.onRestoredAnswer(response);
        }
      }
      if (queue.length === 0 && reserved.size === 0 && !closed) {
        const after = trouble;
        trouble = false;
        deps.onDrained(after);
      }
    } finally {
      busy = false;
    }
  }

  function nextSeq(): number {
    lastSeq = Math.max(lastSeq + 1, deps.now() * 1000);
    return lastSeq;
  }

  /** Puts an item in its place in the sending order. */
  function enqueue(item: Item) {
    const at = queue.findIndex((other) => other.record.seq > item.record.seq);
    if (at < 0) queue.push(item);
    else queue.splice(at, 0, item);
  }

  return {
    reserve() {
      const ticket = { seq: nextSeq() };
      reserved.add(ticket.seq);
      return ticket;
    },
    release(ticket) {
      undoneBeforeArrival.delete(ticket.seq);
      if (reserved.delete(ticket.seq)) void pump();
    },
    async send(request, madeAt, ticket = { seq: nextSeq() }, places) {
      const url = request.url;
      const body = request.body ? await request.text() : null;
      let record: OutboxRecord = {
        key: newKey(),
        siteId: deps.siteId,
        userId: deps.userId(),
        seq: ticket.seq,
        madeAt,
        method: request.method,
        url,
        body: body || null,
        contentType: request.headers.get('Content-Type'),
        ...(places?.length ? { places } : {}),
      };
      // Calls refused while this one was being built: it was counted with their changes.
      for (const undo of undoneBeforeArrival.get(ticket.seq) ?? []) {
        const [rebased] = rebase([record.places ?? []], undo);
        if (rebased !== (record.places ?? [])) record = withPlaces(record, rebased!);
      }
      undoneBeforeArrival.delete(ticket.seq);
      // Kept before the first try, so a tab closed at any moment after this keeps the edit. A browser
      // without room (or in a mode without IndexedDB) still sends it. It is in the queue meanwhile, so a
      // refusal of an earlier call reaches it.
      const stored = deps.storage.put(record).catch(() => undefined);
      return new Promise<Response>((resolve) => {
        enqueue({ record, stored, done: resolve });
        reserved.delete(ticket.seq);
        changed();
        void pump();
      });
    },
    restore() {
      // (Re)opens: React's development double mount closes and opens the same session's outbox.
      closed = false;
      restoring ??= deps.storage
        .load(deps.siteId, deps.userId())
        .catch(() => [])
        .then((records) => {
          const known = new Set(queue.map((i) => i.record.key));
          const kept = records.filter((r) => !known.has(r.key)).sort((a, b) => a.seq - b.seq);
          if (kept.length === 0) return;
          lastSeq = Math.max(lastSeq, ...kept.map((r) => r.seq));
          for (const record of kept) enqueue({ record });
          changed();
          void pump();
        });
      void pump();
      return restoring;
    },
    retryNow() {
      if (queue.length === 0 || closed || held) return;
      attempt = 0;
      void pump();
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
    status,
  };
}

/** The record with its places counted again, and the body's numbers and lists that name them set to match. */
function withPlaces(record: OutboxRecord, places: readonly Place[]): OutboxRecord {
  let body = record.body;
  if (body !== null && places.some((place) => place.field !== undefined || place.listField !== undefined)) {
    try {
      const json = JSON.parse(body) as Record<string, unknown>;
      for (const place of places) {
        if (place.field !== undefined && Object.hasOwn(json, place.field)) json[place.field] = place.at;
        if (place.listField !== undefined && Object.hasOwn(json, place.listField)) json[place.listField] = listId(place.list);
      }
      body = JSON.stringify(json);
    } catch {
      // Not JSON: nothing in it to count again.
    }
  }
  return { ...record, places: [...places], body };
}

/** A 409 the server answers when other processes kept it too busy to write: worth another try. */
async function isBusy(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body.code === 'EDIT_CONFLICT';
  } catch {
    return false;
  }
}

interface OutboxDB extends DBSchema {
  edits: { key: string; value: OutboxRecord; indexes: { site: string } };
}

/** The outbox's IndexedDB database, or memory where the browser has none (tests, some private modes). */
export function outboxStorage(): OutboxStorage {
  if (typeof indexedDB === 'undefined') return memoryStorage();
  const db = openDB<OutboxDB>('pagewright-outbox', 1, {
    upgrade(database) {
      database.createObjectStore('edits', { keyPath: 'key' }).createIndex('site', 'siteId');
    },
  });
  return {
    async load(siteId, userId) {
      const records = await (await db).getAllFromIndex('edits', 'site', siteId);
      return records.filter((r) => r.userId === userId);
    },
    async put(record) {
      await (await db).put('edits', record);
    },
    async delete(key) {
      await (await db).delete('edits', key);
    },
  };
}

export function memoryStorage(): OutboxStorage {
  const records = new Map<string, OutboxRecord>();
  return {
    load: async (siteId, userId) => [...records.values()].filter((r) => r.siteId === siteId && r.userId === userId),
    put: async (record) => void records.set(record.key, record),
    delete: async (key) => void records.delete(key),
  };
}
