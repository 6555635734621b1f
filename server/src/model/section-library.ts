import type { Collection, Node } from './document.js';

/** What a section of the library builds: its nodes (a root without a dot and its subtree), and what it brings. */
export interface BuiltSection {
  nodes: Record<string, Node>;
  root?: string;
  collections?: Collection[];
  files?: string[];
}

/** One design of the section library (server/src/templates/sections.ts). */
export interface LibrarySection {
  id: string;
  name: string;
  category: string;
  count: number;
  build(): BuiltSection;
}

export type SectionLibrary = readonly LibrarySection[];
