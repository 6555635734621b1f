import type { TreeRow } from '../../site/store/document.ts';
import type { DropTarget } from './drop.ts';
import { typeIconName } from './icons.ts';
import { RowIcon } from './RowIcon.tsx';
import { INDENT, PAD, ROW_HEIGHT } from './TreeItem.tsx';

/** The rows a container spans in the tree: its own and its shown descendants'. */
function blockOf(rows: readonly TreeRow[], index: number): number {
  const id = rows[index]!.id;
  let end = index + 1;
  while (end < rows.length && rows[end]!.id.startsWith(`${id}.`)) end++;
  return end - index;
}

/** Where a drop lands: the target container outlined, and the insertion line at its depth. None when refused. */
export function DropIndicator({ rows, target }: { rows: readonly TreeRow[]; target: DropTarget | null }) {
  if (!target || target.kind === 'stay') return null;
  const outline = target.kind === 'component' ? rows.findIndex((r) => r.id === target.outline) : -1;
  const line = target.line;
  return (
    <>
      {outline >= 0 && (
        <div
          aria-hidden="true"
          data-testid="drop-outline"
          className="pointer-events-none absolute right-1 rounded-sm bg-brand-500/5 ring-1 ring-brand-500 ring-inset"
          style={{ top: outline * ROW_HEIGHT, height: blockOf(rows, outline) * ROW_HEIGHT, left: PAD + rows[outline]!.depth * INDENT }}
        />
      )}
      {line && (
        <div
          aria-hidden="true"
          data-testid="drop-line"
          className="pointer-events-none absolute right-1 h-0.5 rounded-full bg-brand-600"
          style={{ top: line.boundary * ROW_HEIGHT - 1, left: PAD + line.depth * INDENT + 14 }}
        >
          <span className="absolute -top-[3px] -left-1.5 size-2 rounded-full border-2 border-brand-600 bg-white" />
        </div>
      )}
    </>
  );
}

/** What follows the pointer while a row is dragged. */
export function DragGhost({ row }: { row: TreeRow }) {
  return (
    <div className="flex h-[26px] w-max max-w-56 items-center gap-1.5 rounded-md bg-white px-2 text-[12px] font-medium text-gray-800 shadow-lg ring-1 ring-gray-900/10">
      <RowIcon name={typeIconName(row.type, row.depth === 0)} className="size-3.5 text-brand-600" />
      <span className="truncate">{row.name}</span>
    </div>
  );
}
