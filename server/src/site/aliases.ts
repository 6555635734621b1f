import type { SiteDoc } from '../model/document.js';

/** The node an alias shows (itself when it is not one); a broken chain stops where it breaks. */
export function originalOf(doc: SiteDoc, id: string): string {
  let here = id;
  for (let hops = 0; doc.nodes[here]?.alias && hops < 8; hops++) here = doc.nodes[here]!.alias!;
  return doc.nodes[here] ? here : id;
}
