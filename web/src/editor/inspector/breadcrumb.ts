import { ancestorsOf } from '../../site/store/document.ts';

/** The breadcrumb shows at most 4 ancestors; older ones sit under an ellipsis menu (spec 001 §2). */
export const BREADCRUMB_SHOWN = 4;

export function breadcrumbOf(id: string): { hidden: string[]; shown: string[] } {
  const ancestors = ancestorsOf(id);
  const cut = Math.max(0, ancestors.length - BREADCRUMB_SHOWN);
  return { hidden: ancestors.slice(0, cut), shown: ancestors.slice(cut) };
}
