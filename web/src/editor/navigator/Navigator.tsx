import { PagesList } from './PagesList.tsx';
import { PageTree } from './PageTree.tsx';

/**
 * The left sidebar's content in the pages route (spec 001 §2): the site's pages, and the open page's
 * sections and nested components as a tree.
 */
export function Navigator() {
  return (
    <div className="flex h-full min-h-0 flex-col bg-white text-gray-800">
      <PagesList />
      <PageTree />
    </div>
  );
}
