import type { SectionCategory } from '@pagewright/sdk/rules';
import type { Collection, Loc, Node } from '../../model/document.js';
import { materialize, rebase, type Action, type Spec } from '../kit.js';

// The categories are a rule both sides read (the server's library and the editor's popup).
export { SECTION_CATEGORIES, type SectionCategory } from '@pagewright/sdk/rules';

/** Where a design's pictures come from: a file name to the URL the renderer writes. */
export type Art = (file: string) => string;

/** The library's own pictures, drawn in neutral colours (see templates/assets.ts). */
const libraryArt: Art = (file) => `/template-assets/library/${file}`;

export interface SectionContext<C = Record<string, unknown>> {
  /** Content that replaces the design's sample content, field by field (texts may be localized). */
  content?: Partial<C>;
  /** Pictures: defaults to the library's own. */
  art?: Art;
}

/**
 * What a design builds: the section root (`section`, also in `nodes` under `root`), every node of
 * its subtree by id, and the collections its CMS-bound components read (sample content).
 */
interface BuiltLibrarySection {
  root: string;
  section: Node;
  nodes: Record<string, Node>;
  collections?: Collection[];
}

export interface SectionTemplate {
  id: string;
  name: string;
  category: SectionCategory;
  /** How many nodes the section has (the section itself included). */
  count: number;
  /** The section with its sample content, rooted at the design's id; `instantiateSection` re-bases it. */
  build(ctx?: SectionContext): BuiltLibrarySection;
}

/** A design with typed content, so templates fill it in with the compiler's help. */
export interface Design<C> extends SectionTemplate {
  defaults(art: Art): C;
  build(ctx?: SectionContext<C>): BuiltLibrarySection;
}

export interface DesignSpec<C> {
  id: string;
  name: string;
  category: SectionCategory;
  defaults: (art: Art) => C;
  tree: (content: C, art: Art) => Spec;
  /** Sample collections the design reads when it repeats over CMS content. */
  collections?: (content: C, art: Art) => Collection[];
}

export function defineSection<C>(d: DesignSpec<C>): Design<C> {
  const build = (ctx: SectionContext<C> = {}): BuiltLibrarySection => {
    const art = ctx.art ?? libraryArt;
    // A field given as undefined removes the sample's (an optional line, a second button).
    const content = { ...d.defaults(art), ...(ctx.content ?? {}) } as C;
    const nodes = materialize(d.tree(content, art), d.id);
    const built: BuiltLibrarySection = { root: d.id, section: nodes[d.id]!, nodes };
    if (d.collections) built.collections = d.collections(content, art);
    return built;
  };
  const count = Object.keys(build().nodes).length;
  return { id: d.id, name: d.name, category: d.category, count, defaults: d.defaults, build };
}

/**
 * A library section under a fresh section id: every node id is re-based from the design's id to
 * `sectionId` (`hero-split.content.title` → `hero-3.content.title`), with the section's name kept.
 */
export function instantiateSection<C>(
  template: SectionTemplate | Design<C>,
  sectionId: string,
  ctx?: SectionContext<C>,
): { section: Node; nodes: Record<string, Node>; collections?: Collection[] } {
  if (!sectionId || sectionId.includes('.')) throw new Error(`instantiateSection: a section id has no dot (${sectionId})`);
  const built = (template as Design<C>).build(ctx);
  const nodes = rebase(built.nodes, built.root, sectionId);
  return { section: nodes[sectionId]!, nodes, ...(built.collections ? { collections: built.collections } : {}) };
}

/** A call to action: a label and where it goes. */
export interface Cta {
  label: Loc;
  action: Action;
}
