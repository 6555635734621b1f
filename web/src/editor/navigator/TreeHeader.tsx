import iconChevronsDownUp from '@iconify-icons/lucide/chevrons-down-up';
import iconPlus from '@iconify-icons/lucide/plus';
import { Iconify } from '../../ui/Iconify.tsx';

const tool =
  'grid size-6 place-items-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-40 disabled:hover:bg-transparent';

/** The tree's heading (the open page's name) with Collapse all and a new section. */
export function TreeHeader({
  pageName,
  readOnly,
  onCollapseAll,
  onAddSection,
}: {
  pageName: string;
  readOnly: boolean;
  onCollapseAll(): void;
  onAddSection(): void;
}) {
  return (
    <div className="flex h-9 shrink-0 items-center gap-2 pr-1.5 pl-3">
      <h2 id="navigator-tree" className="flex min-w-0 items-baseline gap-1.5">
        <span className="text-[11px] font-semibold tracking-wide text-gray-500 uppercase">Navigator</span>
        <span className="truncate text-[12px] text-gray-600">{pageName}</span>
      </h2>
      <div className="ml-auto flex items-center">
        <button type="button" aria-label="Collapse all" title="Collapse all" onClick={onCollapseAll} className={tool}>
          <Iconify icon={iconChevronsDownUp} className="size-3.5" />
        </button>
        {/* Not named 'Add Section': that is the canvas's button on an empty page. */}
        <button type="button" aria-label="New section" title="New section" disabled={readOnly} onClick={onAddSection} className={tool}>
          <Iconify icon={iconPlus} className="size-3.5" />
        </button>
      </div>
    </div>
  );
}

/** The tree of a page with no sections. */
export function EmptyTree({ readOnly, onAddSection }: { readOnly: boolean; onAddSection(): void }) {
  return (
    <div className="px-3 py-6 text-center text-[12px] text-gray-500">
      <p>No sections on this page yet.</p>
      {!readOnly && (
        <button type="button" onClick={onAddSection} className="mt-2 rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50">
          Add a section
        </button>
      )}
    </div>
  );
}
