import type { Knex } from 'knex';
import { invalid } from '../core/errors.js';
import type { Actor } from '../core/deps.js';
import type { Plan } from '../core/plans.js';
import type { Collection, SiteDoc } from '../model/document.js';
import { samplePages } from './sample-pages.js';
import type { SectionLibrary } from '../model/section-library.js';
import type { History, Schemas } from '@pagewright/sdk';

type SiteSummary = Schemas['SiteSummary'];
type PublishInfo = Schemas['PublishInfo'];
type Version = Schemas['Version'];

/**
 * What the site view reads from the features that own it (the summary from sites, the last publish
 * from publishing, the version list from versions): their services, handed in by wiring.ts, so
 * the editor imports none of them.
 */
export interface ViewSources {
  sites: { get(actor: Actor, siteId: string): Promise<SiteSummary> };
  publishing: { lastPublish(doc: SiteDoc, siteId: string): Promise<PublishInfo> };
  versions: { list(db: Knex, siteId: string): Promise<Version[]> };
}

/** What `GET /sites/{siteId}?expand=` can add to the site's summary (spec 001 §7). */
const EXPAND_KEYS = ['pages', 'style', 'globals', 'content', 'publish', 'samplePages', 'sampleContent', 'versions'] as const;
export type ExpandKey = (typeof EXPAND_KEYS)[number];

/** `all`, or keys joined by `|` (or `,`). */
export function parseExpand(raw: unknown): Set<ExpandKey> {
  if (raw === undefined || raw === '') return new Set();
  if (typeof raw !== 'string') throw invalid('expand', `expand must be all or keys joined by |: ${EXPAND_KEYS.join(', ')}`);
  if (raw === 'all') return new Set(EXPAND_KEYS);
  const keys = raw.split(/[|,]/);
  for (const key of keys) {
    if (!(EXPAND_KEYS as readonly string[]).includes(key))
      throw invalid('expand', `expand must be all or keys joined by |: ${EXPAND_KEYS.join(', ')}`);
  }
  return new Set(keys as ExpandKey[]);
}

/** Collections as the editor sees them (spec 001 §7: id, name, icon, schema, items). */
const contentOf = (collections: Collection[]) =>
  collections.map((c) => ({ id: c.id, name: c.name, icon: c.icon, schema: c.fields, items: c.items }));

const sampleContentCache = new WeakMap<SectionLibrary, ReturnType<typeof contentOf>>();
/** Collections the library's sections bring with them, worked out once per library. */
function sampleContent(library: SectionLibrary) {
  let content = sampleContentCache.get(library);
  if (!content) {
    const seen = new Map<string, Collection>();
    for (const section of library) for (const c of section.build().collections ?? []) if (!seen.has(c.id)) seen.set(c.id, c);
    content = contentOf([...seen.values()]);
    sampleContentCache.set(library, content);
  }
  return content;
}

export interface ViewParts {
  summary: SiteSummary;
  role: 'owner' | 'collaborator';
  isLocked: boolean;
  revision: number;
  hash: string;
  history: History;
  plan: Plan;
  doc: SiteDoc | null;
  library: SectionLibrary;
  publish: () => Promise<PublishInfo>;
  versions: () => Promise<Version[]>;
}

/** The editor's site: the summary, who you are on it, its history counts, and what `expand` asks for. */
export async function siteView(parts: ViewParts, expand: Set<ExpandKey>) {
  const { doc } = parts;
  const view = {
    ...parts.summary,
    role: parts.role,
    isLocked: parts.isLocked,
    revision: parts.revision,
    hash: parts.hash,
    history: parts.history,
    plan: parts.plan,
    ...(doc ? { settings: doc.settings } : {}),
  };
  if (!doc) return view;
  const sectionsOf = (id: string) => doc.pages.find((p) => p.id === id)?.sections ?? [];
  return {
    ...view,
    ...(expand.has('pages') ? { pages: doc.pages, nodes: doc.nodes, before: sectionsOf('_before'), after: sectionsOf('_after') } : {}),
    ...(expand.has('style') ? { style: { theme: doc.theme, shared: doc.shared } } : {}),
    ...(expand.has('globals') ? { globals: doc.globals } : {}),
    ...(expand.has('content') ? { content: contentOf(doc.collections) } : {}),
    ...(expand.has('publish') ? { publish: await parts.publish() } : {}),
    ...(expand.has('samplePages') ? { samplePages: samplePages(parts.library) } : {}),
    ...(expand.has('sampleContent') ? { sampleContent: sampleContent(parts.library) } : {}),
    ...(expand.has('versions') ? { versions: await parts.versions() } : {}),
  };
}
