import type { History } from '@pagewright/sdk';
import type { Knex } from 'knex';
import { isPostgres } from '../db/knex.js';
import { assetUrls } from './files.js';
import { type ContentStore } from './content/store.js';
import { deleteCollections } from './content/writes.js';
import { renderable } from './legal.js';
import { isWriteConflict } from '../db/errors.js';
import { AppError, conflict, planLimit } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { defaultAssetUrl } from '../render/context-factory.js';
import { siteAccess, siteHeadAccess, type Role, type SiteAccess, type SiteHeadRow } from '../core/access.js';
import type { Actor, Deps } from '../core/deps.js';
import { recordEvent, type EventKey } from '../core/events.js';
import type { Plan } from '../core/plans.js';
import { planOf } from '../core/subscriptions.js';
import type { Collection, SiteDoc } from '../model/document.js';
import { Draft, replay, type PathEdit } from '../model/paths.js';
import { staleWrites } from '../model/stale.js';
import { CanvasPages, previewOf, type Preview, type PreviewChange, type PreviewQuery } from './preview.js';
import { KeyedQueue } from './queue.js';
import { changedIn, UNKNOWN, type Changed } from './changes.js';
import { addsScript, scriptPayloads } from './scripts.js';
import { currentEditRequest } from '../core/edit-request.js';
import { storeAnswer, storedAnswer } from './edit-keys.js';
import { keepLaterEdits } from './later-wins.js';
import {
  afterEdit,
  historyOf,
  lockSite,
  markEntry,
  nextEntry,
  pushEntry,
  readData,
  RevisionConflict,
  writeSite,
  type EditorSiteHead,
  type EditorSiteRow,
} from './store.js';

/** What an editing operation may use besides the document. */
export interface EditContext {
  actor: Actor;
  role: Role;
  siteId: string;
  trx: Knex;
  now: number;
  /** The owner's plan: the site's limits (languages, legal, …). */
  plan(): Promise<Plan>;
  /** Counts an activity event, recorded when the write commits. */
  event(key: EventKey): void;
  /**
   * Adds collections the site does not have (a section's sample content). Collections are content,
   * kept in their own tables and outside the undo history: undoing the section keeps them.
   */
  addCollections(collections: Collection[]): void;
}

/** An operation: changes the draft and answers the body. It may run again on a newer document. */
export type Operation<T> = (draft: Draft<SiteDoc>, ctx: EditContext) => T | Promise<T>;

/** An editing answer: its body (with the preview when asked for) and the history counts for the header. */
export interface Answer<T> {
  body: T & { preview?: Preview };
  history: History;
}

/**
 * What a write tells the site's channel, filled in by the operation inside the frame: the nodes and
 * pages it changed when it knows them, the revision and history counts it wrote (else the frame reads
 * them back), or that it wrote nothing after all.
 */
export interface WriteNote {
  changed?: Changed;
  state?: { revision: number; history: History };
  /** Nothing was written (an edit that changed no value): no event. */
  unchanged?: boolean;
  /** Runs once the write has committed, still in the site's queue (before the next write of the site). */
  afterCommit?: () => void;
}

/** The event every editor joined to a site gets after a write to it commits (openapi.yaml `/realtime`). */
export interface SiteEditEvent {
  type: 'site.edit';
  siteId: string;
  by: { id: number; name: string };
  history: History;
  ids: string[];
  pageIds: string[];
  revision: number;
  [key: string]: unknown;
}

const RETRIES = 8;

/**
 * The one way the site document changes: serialized per site (in process by a queue, across
 * processes by the revision), in one transaction, recorded in the history, answered with the counts
 * and, when asked, the re-rendered preview. A failed operation writes nothing.
 */
export class SiteDocuments {
  private readonly queue = new KeyedQueue();
  private readonly announcements = new KeyedQueue();
  /** The previews of a site's edits, made in the order of its writes (a patch follows the one before). */
  private readonly previews = new KeyedQueue();
  /** What the editors' canvases show, for the patches of the next edits. */
  private readonly canvases = new CanvasPages();
  private readonly docs: DocCache;
  constructor(
    private readonly deps: Deps,
    private readonly content: ContentStore,
  ) {
    this.docs = new DocCache(content);
  }

  /** The document for reading (any role that can see the site). */
  async read(actor: Actor, siteId: string): Promise<{ access: SiteAccess; doc: SiteDoc; history: History; row: EditorSiteRow }> {
    const access = await siteAccess(this.deps, actor, siteId);
    const row = access.site as EditorSiteRow;
    return { access, doc: await this.content.hydrate(this.deps.db, row), history: historyOf(row), row };
  }

  /**
   * Applies an operation as one history entry. A call with an Idempotency-Key already taken is
   * answered as it was, and applied no second time; an edit that says how long ago it was made keeps
   * the later edits of others to the same settings (docs/decisions/0083).
   */
  async edit<T extends object>(actor: Actor, siteId: string, op: Operation<T>, preview?: PreviewQuery | null): Promise<Answer<T>> {
    const request = currentEditRequest();
    let shown: Promise<Preview | null> | undefined;
    const { doc, revision, history, body } = await this.transactHead(actor, siteId, async (row, trx, access, note) => {
      const doc = await this.docs.take(trx, row);
      const now = this.deps.now();
      const stored = request && (await storedAnswer(trx, siteId, actor.userId, request, now));
      if (stored) {
        request.replayed = true;
        note.unchanged = true;
        this.previewOfReplayed(note, siteId, doc, preview, Number(row.revision), (made) => {
          shown = made;
        });
        return { doc, revision: Number(row.revision), history: historyOf(row), body: stored as T };
      }
      const draft = new Draft(doc);
      const events: EventKey[] = [];
      const ctx = this.context(actor, access, trx, events, doc);
      const scripts = scriptPayloads(doc);
      const made = await op(draft, ctx);
      // A main-language text that changed makes the other languages' texts stale (model/stale.ts).
      for (const write of staleWrites([...draft.edits], doc.settings.languages[0] ?? '')) draft.set(write.path, write.value);
      const replaced = request && request.age !== null ? await keepLaterEdits(trx, siteId, draft, actor.userId, now - request.age) : [];
      const body = replaced.length ? { ...made, replaced } : made;
      if (request) await storeAnswer(trx, siteId, actor.userId, request, body, now);
      const base = Number(row.revision);
      if (draft.edits.length === 0) {
        note.unchanged = true;
        note.afterCommit = () => {
          shown = this.previewAfter(siteId, doc, preview, base, { base, edits: [] });
        };
        return { doc, revision: base, history: historyOf(row), body };
      }
      if (addsScript(scripts, scriptPayloads(doc)) && !(await ctx.plan()).customCode) {
        throw planLimit(messages.customCodePlan, { title: messages.upgradeNeededTitle, feature: 'customCode' });
      }
      const history = afterEdit(row);
      const revision = Number((await writeSite(trx, row, { doc, history }, ctx.now)).revision);
      await pushEntry(trx, row, draft.edits, actor.userId, ctx.now);
      for (const key of events) await recordEvent(this.deps, key, actor.userId, siteId, trx);
      note.changed = changedIn(draft.edits, doc);
      note.state = { revision, history };
      note.afterCommit = () => {
        shown = this.previewAfter(siteId, doc, preview, revision, { base, edits: draft.edits });
      };
      return { doc, revision, history, body };
    });
    const made = await shown;
    const answer = { body: made ? { ...body, preview: made } : body, history };
    this.docs.keep(siteId, revision, doc);
    return answer;
  }

  /** A resent edit's answer carries the page as it is now (the stored answer is kept without its preview). */
  private previewOfReplayed(
    note: WriteNote,
    siteId: string,
    doc: SiteDoc,
    preview: PreviewQuery | null | undefined,
    revision: number,
    show: (made: Promise<Preview | null> | undefined) => void,
  ): void {
    note.afterCommit = () => show(this.previewAfter(siteId, doc, preview, revision, { base: revision, edits: [] }));
  }

  /** The page's preview for GET /preview (any role that can see the site). */
  async preview(actor: Actor, siteId: string, query: PreviewQuery): Promise<Answer<object>> {
    const { doc, history, row } = await this.read(actor, siteId);
    const made = await this.previews.run(siteId, () => this.previewOf(siteId, doc, query, Number(row.revision)));
    return { body: made ? { preview: made } : {}, history };
  }

  /** Undo (the newest applied entry, backwards) or redo (the oldest undone entry, forwards). */
  async replay(
    actor: Actor,
    siteId: string,
    direction: 'undo' | 'redo',
    preview?: PreviewQuery | null,
  ): Promise<Answer<{ edits: { path: (string | number)[]; value?: unknown }[] }>> {
    const request = currentEditRequest();
    let shown: Promise<Preview | null> | undefined;
    const { doc, revision, history, body } = await this.transactHead(actor, siteId, async (row, trx, _access, note) => {
      const doc = await this.docs.take(trx, row);
      const stored = request && (await storedAnswer(trx, siteId, actor.userId, request, this.deps.now()));
      if (stored) {
        request.replayed = true;
        note.unchanged = true;
        this.previewOfReplayed(note, siteId, doc, preview, Number(row.revision), (made) => {
          shown = made;
        });
        return { doc, revision: Number(row.revision), history: historyOf(row), body: stored as { edits: ReturnType<typeof applied> } };
      }
      const entry = await nextEntry(trx, siteId, direction);
      if (!entry)
        throw conflict(direction === 'undo' ? messages.nothingToUndo : messages.nothingToRedo, 'NOTHING_TO_' + direction.toUpperCase());
      replay(doc, entry.edits, direction);
      // A version's restore records the collections as one edit (versions/service.ts): replaying it
      // replaces the content tables with the collections it wrote back (writeSite stores them).
      if (entry.edits.some((e) => e.path.length === 1 && e.path[0] === 'collections')) await deleteCollections(trx, siteId);
      const now = this.deps.now();
      const history: History = {
        undo: Number(row.undo_count) + (direction === 'undo' ? -1 : 1),
        redo: Number(row.redo_count) + (direction === 'undo' ? 1 : -1),
        unsaved: Number(row.unsaved_count) + 1,
      };
      const revision = Number((await writeSite(trx, row, { doc, history }, now)).revision);
      await markEntry(trx, entry.id, direction === 'undo');
      note.changed = changedIn(entry.edits, doc);
      note.state = { revision, history };
      const body = { edits: applied(entry.edits, direction) };
      if (request) await storeAnswer(trx, siteId, actor.userId, request, body, now);
      const base = Number(row.revision);
      note.afterCommit = () => {
        shown = this.previewAfter(siteId, doc, preview, revision, { base, edits: entry.edits });
      };
      return { doc, revision, history, body };
    });
    const made = await shown;
    const answer = { body: made ? { ...body, preview: made } : body, history };
    this.docs.keep(siteId, revision, doc);
    return answer;
  }

  /**
   * The shared frame of every write: the site's queue, a transaction, the access check inside it
   * (a locked collaborator may not write), and retries when another process wrote the site first.
   * Once the transaction has committed (never for one rolled back), every editor joined to the site
   * hears of it: `site.edit` on the site's realtime channel. Every write to a site passes here or
   * through `transactHead`.
   */
  transact<T>(
    actor: Actor,
    siteId: string,
    fn: (row: EditorSiteRow, trx: Knex, access: SiteAccess, note: WriteNote) => Promise<T>,
  ): Promise<T> {
    return this.write(
      actor,
      siteId,
      (trx, lock) => siteAccess({ ...this.deps, db: trx }, actor, siteId, 'write', { lock }),
      (access, trx, note) => fn(access.site as EditorSiteRow, trx, access, note),
    );
  }

  /** The same frame with the site's row read without its document, for a write that reads it only when it must. */
  transactHead<T>(
    actor: Actor,
    siteId: string,
    fn: (row: EditorSiteHead, trx: Knex, access: SiteAccess<SiteHeadRow>, note: WriteNote) => Promise<T>,
  ): Promise<T> {
    return this.write(
      actor,
      siteId,
      (trx, lock) => siteHeadAccess({ ...this.deps, db: trx }, actor, siteId, 'write', { lock }),
      (access, trx, note) => fn(access.site as EditorSiteHead, trx, access, note),
    );
  }

  private write<Access, T>(
    actor: Actor,
    siteId: string,
    check: (trx: Knex, lock: boolean) => Promise<Access>,
    fn: (access: Access, trx: Knex, note: WriteNote) => Promise<T>,
  ): Promise<T> {
    return this.queue.run(siteId, async () => {
      for (let attempt = 1; ; attempt++) {
        const note: WriteNote = {};
        try {
          const result = await this.deps.db.transaction(async (trx) => {
            // PostgreSQL locks the site's row as the access check reads it; SQLite takes its write lock first.
            const postgres = isPostgres(trx);
            if (!postgres) await lockSite(trx, siteId);
            const answer = await fn(await check(trx, postgres), trx, note);
            if (!note.unchanged && !note.state) note.state = await stateOf(trx, siteId);
            return answer;
          });
          if (!note.unchanged) this.announce(actor, siteId, note);
          note.afterCommit?.();
          return result;
        } catch (error) {
          if (!(error instanceof RevisionConflict) && !isWriteConflict(error)) throw error;
          if (attempt >= RETRIES) throw new AppError(409, 'EDIT_CONFLICT', messages.editConflict);
          // Another process won: wait a moment (longer each time) before reading its document.
          await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
        }
      }
    });
  }

  /**
   * Publishes `site.edit` for a committed write, without holding up its answer. The site's events
   * leave in the order of its writes (one queue per site), whatever the author's name lookup takes.
   */
  private announce(actor: Actor, siteId: string, note: WriteNote): void {
    const { revision, history } = note.state!;
    const changed = note.changed ?? UNKNOWN;
    void this.announcements
      .run(siteId, async () => {
        const name =
          actor.name ?? (await this.deps.db('users').where({ id: actor.userId }).first<{ name: string } | undefined>('name'))?.name;
        const event: SiteEditEvent = {
          type: 'site.edit',
          siteId,
          by: { id: actor.userId, name: name ?? '' },
          history,
          ids: changed.ids,
          pageIds: changed.pageIds,
          revision,
        };
        await this.deps.bus.publishSite(siteId, event);
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error, siteId }, 'realtime: site.edit not published'));
  }

  private context(actor: Actor, access: SiteAccess<SiteHeadRow>, trx: Knex, events: EventKey[], doc: SiteDoc): EditContext {
    const deps = this.deps;
    let plan: Promise<Plan> | null = null;
    return {
      actor,
      role: access.role,
      siteId: access.site.id,
      trx,
      now: deps.now(),
      plan() {
        plan ??= planOf(deps, access.site.owner_id, trx);
        return plan;
      },
      event(key) {
        events.push(key);
      },
      addCollections(collections) {
        for (const c of collections) if (!doc.collections.some((have) => have.id === c.id)) doc.collections.push(c);
      },
    };
  }

  /**
   * The preview an edit's answer carries, queued behind the previews of the site's earlier writes so a
   * patch is made against the page the one before it left (see CanvasPages). Call it once the write
   * has committed, before the site's next write.
   */
  private previewAfter(
    siteId: string,
    doc: SiteDoc,
    query: PreviewQuery | null | undefined,
    revision: number,
    change: PreviewChange,
  ): Promise<Preview | null> | undefined {
    if (!query) return undefined;
    return this.previews.run(siteId, () => this.previewOf(siteId, doc, query, revision, change));
  }

  private async previewOf(
    siteId: string,
    doc: SiteDoc,
    query: PreviewQuery,
    revision: number,
    change?: PreviewChange,
  ): Promise<Preview | null> {
    const { doc: shown, assetUrl } = await this.forRender(siteId, doc);
    return previewOf(shown, siteId, query, { log: this.deps.log, assetUrl, revision, canvases: this.canvases, change });
  }

  /**
   * The document as the editor's previews render it (legal collections show no items without the
   * plan's legal feature) and where its files are served from.
   */
  async forRender(siteId: string, doc: SiteDoc): Promise<{ doc: SiteDoc; assetUrl: (name: string) => string }> {
    const urls = await assetUrls(this.deps, siteId);
    return { doc: await renderable(this.deps, siteId, doc), assetUrl: (name) => urls.get(name) ?? defaultAssetUrl(name) };
  }
}

/**
 * The last document each site's edit left, by revision, so the next edit of a busy page does not
 * parse the whole document again. An edit takes its document out (it mutates it, and a failed edit
 * must leave nothing behind) and puts it back once its answer is made; a stale revision (another
 * process wrote, or a reset or version change did) is simply read again from the row.
 */
class DocCache {
  private readonly docs = new Map<string, { revision: number; doc: SiteDoc }>();
  private static readonly SIZE = 64;
  constructor(private readonly content: ContentStore) {}

  /** The document at the row's revision: the one kept, or read from the row (the write read its head only). */
  async take(trx: Knex, row: EditorSiteHead): Promise<SiteDoc> {
    const hit = this.docs.get(row.id);
    this.docs.delete(row.id);
    if (hit && hit.revision === Number(row.revision)) return this.content.rehydrate(trx, row.id, hit.doc);
    return this.content.hydrate(trx, { ...row, data: await readData(trx, row.id) });
  }

  keep(siteId: string, revision: number, doc: SiteDoc): void {
    this.docs.delete(siteId);
    this.docs.set(siteId, { revision, doc });
    if (this.docs.size > DocCache.SIZE) this.docs.delete(this.docs.keys().next().value!);
  }
}

/** The values an undo or redo wrote, in the order written, for the editor to patch its state. */
function applied(edits: PathEdit[], direction: 'undo' | 'redo') {
  const ordered = direction === 'redo' ? edits : [...edits].reverse();
  return ordered.map((e) => {
    const value = direction === 'redo' ? e.after : e.before;
    return value === undefined ? { path: e.path } : { path: e.path, value };
  });
}

/** The revision and history counts a write left, read inside its transaction. */
async function stateOf(trx: Knex, siteId: string): Promise<{ revision: number; history: History }> {
  const row: Pick<EditorSiteRow, 'revision' | 'undo_count' | 'redo_count' | 'unsaved_count'> = await trx('sites')
    .where({ id: siteId })
    .first('revision', 'undo_count', 'redo_count', 'unsaved_count');
  return { revision: Number(row.revision), history: historyOf(row) };
}
