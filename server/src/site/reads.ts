import { readAccess, refuseOtherSiteKey, type Role, type SiteHead } from '../core/access.js';
import type { Actor, Deps } from '../core/deps.js';
import { Held, siteTag } from '../core/held.js';
import { firstRow } from '../db/prepared.js';
import { parseSiteDoc, type Collection } from '../model/document.js';

/** What the CMS's reads take from a site's document: its languages and the collections still inline in it. */
export interface DocFacts {
  languages: string[];
  inline: readonly Collection[];
  /** The document could not be read (the CMS still works on a broken site). */
  broken: boolean;
}

export interface ReadAccess {
  site: SiteHead;
  role: Role;
  isLocked: boolean;
}

/** How long a site's access answers are held (core/held.ts); collaborator and site changes drop them at once. */
const HELD_MS = 5_000;

/**
 * What every CMS read asked the database again (docs/decisions/0081-per-request-costs.md): who may
 * read the site, and the languages of its document (a parse of the whole document). The access
 * answer is held a few seconds under the site's tag, dropped on every instance when a collaborator is
 * locked or removed or the site is deleted, restored or purged. The document's facts are kept by
 * revision, which every write of the document moves on and which each read asks again (one small
 * query), so a write through another process is seen at once, as the collections' schemas are (read
 * with each list: the content store's cache is checked against their revisions).
 */
export class SiteReads {
  private readonly access: Held<ReadAccess>;
  private readonly docs = new Map<string, { version: string; facts: DocFacts }>();
  private static readonly DOCS = 256;

  constructor(private readonly deps: Deps) {
    this.access = new Held(deps.bus, HELD_MS, 20_000);
  }

  /** The actor's role on a site, as siteAccess answers it for a read (the same refusals). */
  async role(actor: Actor, siteId: string): Promise<ReadAccess> {
    refuseOtherSiteKey(actor, siteId, 'read');
    const answer = await this.access.through(
      `${siteId}\u0000${actor.userId}`,
      () => readAccess(this.deps, actor, siteId),
      () => [siteTag(siteId)],
    );
    return answer!;
  }

  /**
   * The languages and inline collections of the site's document at the revision of `site`; `data`
   * reads that revision's document when the caller can (a write, inside its transaction), asked only
   * when the facts of that revision are not kept.
   */
  async facts(site: SiteHead, data?: () => Promise<string>): Promise<DocFacts> {
    const version = `${site.created_at}:${site.revision}`;
    const kept = this.docs.get(site.id);
    if (kept?.version === version) return kept.facts;
    const row: { data: string; revision: number | string } | undefined =
      data === undefined
        ? await this.deps.db('sites').where({ id: site.id }).first('data', 'revision')
        : { data: await data(), revision: site.revision };
    let facts: DocFacts;
    try {
      const doc = parseSiteDoc(row?.data ?? '');
      facts = {
        languages: doc.settings.languages?.length ? doc.settings.languages : ['en'],
        inline: Array.isArray(doc.collections) ? doc.collections : [],
        broken: false,
      };
    } catch {
      facts = { languages: ['en'], inline: [], broken: true };
    }
    // Kept only when the row read is the revision asked about (a write may have come between).
    if (row && Number(row.revision) === site.revision) {
      this.docs.delete(site.id);
      this.docs.set(site.id, { version, facts });
      if (this.docs.size > SiteReads.DOCS) this.docs.delete(this.docs.keys().next().value!);
    }
    return facts;
  }

  /** The site's head with its document's revision as stored now. */
  async current(site: SiteHead): Promise<SiteHead> {
    const row = await firstRow<{ revision: number | string }>(this.deps.db, 'SELECT revision FROM sites WHERE id = ?', [site.id]);
    return { ...site, revision: Number(row?.revision ?? site.revision) };
  }
}
