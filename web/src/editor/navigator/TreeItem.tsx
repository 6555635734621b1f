import { useDraggable } from '@dnd-kit/core';
import { memo, useId } from 'react';
import { isMoving, type TreeRow } from '../../site/store/document.ts';
import type { Presence } from '../../site/store/store.ts';
import { typeIconName } from './icons.ts';
import { presenceColor } from '../canvas/Overlays.tsx';
import { RenameInput } from './RenameInput.tsx';
import { RowIcon } from './RowIcon.tsx';

/** Row height and indent of the tree (EDITOR-UX density: 24–28 px rows). */
export const ROW_HEIGHT = 26;
export const INDENT = 12;
export const PAD = 6;

export interface TreeItemProps {
  row: TreeRow;
  top: number;
  /** Its place among its siblings, for screen readers (the tree is flat and virtualized). */
  posInSet: number;
  setSize: number;
  /** The row that takes Tab focus (roving tabindex). */
  active: boolean;
  selected: boolean;
  /** Inside the selected component: tinted, as Webflow does. */
  withinSelection: boolean;
  hovered: boolean;
  highlighted: boolean;
  renaming: boolean;
  dragging: boolean;
  readOnly: boolean;
  others: readonly Presence[];
  onSelect(id: string): void;
  onToggle(id: string, all: boolean): void;
  onHover(id: string): void;
  onMenu(id: string, at: { x: number; y: number }): void;
  onToggleHidden(id: string): void;
  onStartRename(id: string): void;
  onRename(id: string, name: string): void;
  onCancelRename(): void;
}

/** One row of the page tree: an ARIA treeitem named by the component's name, draggable unless read-only. */
export const TreeItem = memo(function TreeItem(props: TreeItemProps) {
  const { row, selected, readOnly, renaming, dragging } = props;
  const id = useId();
  // A component still being added is no component yet: it shows where it goes, and nothing is done with it.
  const { setNodeRef, listeners, attributes } = useDraggable({ id: row.id, disabled: readOnly || renaming || row.adding });
  const section = row.depth === 0;
  const described = [
    row.alias && `${id}-alias`,
    row.hidden && `${id}-hidden`,
    row.adding && `${id}-adding`,
    props.others.length > 0 && `${id}-others`,
    !readOnly && attributes['aria-describedby'],
  ]
    .filter(Boolean)
    .join(' ');

  // The row being dragged reads as a placeholder, not as the selection.
  const marked = selected && !dragging;
  const background = dragging
    ? 'bg-gray-100 text-gray-600 shadow-[inset_0_0_0_1px_var(--color-gray-300)]'
    : marked
      ? 'bg-brand-600 text-white'
      : props.highlighted
        ? 'bg-amber-100 text-gray-900'
        : props.hovered
          ? 'bg-gray-100 text-gray-900'
          : props.withinSelection
            ? 'bg-brand-50 text-gray-800'
            : 'text-gray-700';
  const muted = marked ? 'text-white/75' : 'text-gray-500';
  // A just-added row (selected too, as a rule) glows for the second the store keeps it highlighted.
  const glow = props.highlighted ? 'shadow-[inset_0_0_0_2px_var(--color-amber-300)]' : '';
  const tool = `grid size-5 place-items-center rounded-sm ${muted} ${marked ? 'hover:bg-white/15 hover:text-white' : 'hover:bg-gray-200 hover:text-gray-900'}`;
  // The row's tools render only where they show (hovered, selected, hidden): thousands of rows scroll by.
  const tools = !renaming && !dragging && (props.hovered || marked);

  return (
    <div
      ref={setNodeRef}
      {...(listeners ?? {})}
      role="treeitem"
      aria-label={row.name}
      aria-level={row.depth + 1}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      aria-posinset={props.posInSet}
      aria-setsize={props.setSize}
      aria-describedby={described || undefined}
      tabIndex={props.active ? 0 : -1}
      data-row-id={row.id}
      aria-disabled={row.adding || undefined}
      onClick={() => !row.adding && props.onSelect(row.id)}
      onDoubleClick={() => {
        if (!readOnly && !row.adding) props.onStartRename(row.id);
      }}
      onContextMenu={(event) => {
        event.preventDefault();
        if (!row.adding) props.onMenu(row.id, { x: event.clientX, y: event.clientY });
      }}
      onPointerMove={() => props.onHover(row.id)}
      style={{ transform: `translateY(${props.top}px)`, height: ROW_HEIGHT, paddingLeft: PAD + row.depth * INDENT }}
      className={`absolute top-0 left-0 flex w-full cursor-default items-center pr-1 text-[12px] transition-[background-color,box-shadow] duration-300 outline-none select-none focus-visible:shadow-[inset_0_0_0_2px_var(--color-brand-400)] ${background} ${glow} ${section ? 'font-medium' : ''}`}
    >
      <span
        aria-hidden="true"
        onClick={(event) => {
          if (!row.hasChildren) return;
          event.stopPropagation();
          props.onToggle(row.id, event.altKey);
        }}
        className={`grid size-4 shrink-0 place-items-center rounded-sm ${row.hasChildren ? (marked ? 'hover:bg-white/15' : 'hover:bg-gray-200') : ''}`}
      >
        {row.hasChildren && (
          <RowIcon name="chevron" className={`size-3 transition-transform duration-100 ${row.expanded ? 'rotate-90' : ''} ${muted}`} />
        )}
      </span>
      <span className={`ml-0.5 flex min-w-0 flex-1 items-center gap-1.5 ${(row.hidden && !renaming) || row.adding ? 'opacity-50' : ''}`}>
        <RowIcon
          name={typeIconName(row.type, section)}
          className={`size-3.5 ${marked ? 'text-white' : row.alias ? 'text-emerald-600' : section ? 'text-gray-600' : 'text-brand-600/80'}`}
        />
        {renaming ? (
          <RenameInput
            initial={row.name}
            label={`Name of ${row.name}`}
            onSave={(name) => props.onRename(row.id, name)}
            onCancel={props.onCancelRename}
          />
        ) : (
          <span className={`truncate ${row.alias && !marked ? 'text-emerald-700' : ''}`}>{row.name}</span>
        )}
        {row.alias && !renaming && (
          <span
            id={`${id}-alias`}
            title="An alias: it shows another component and changes with it"
            className={`flex shrink-0 items-center gap-0.5 rounded px-1 text-[10px] leading-4 font-medium ${
              marked ? 'bg-white text-brand-700' : 'bg-emerald-50 text-emerald-700'
            }`}
          >
            <RowIcon name="alias" className="size-2.5" />
            Alias
          </span>
        )}
      </span>
      {row.hidden && (
        <span id={`${id}-hidden`} className="sr-only">
          Hidden
        </span>
      )}
      {row.adding && (
        <span id={`${id}-adding`} className={`ml-1 shrink-0 text-[10px] italic ${muted}`}>
          {isMoving(row.id) ? 'Moving…' : 'Adding…'}
        </span>
      )}
      {props.others.length > 0 && (
        <span className="ml-1 flex shrink-0 -space-x-1" title={props.others.map((o) => o.name).join(', ')}>
          {props.others.slice(0, 3).map((o) => (
            <span
              key={o.id}
              aria-hidden="true"
              className={`size-2 rounded-full ring-2 ${marked ? 'ring-brand-600' : 'ring-white'}`}
              style={{ background: presenceColor(o.id) }}
            />
          ))}
          <span id={`${id}-others`} className="sr-only">
            Selected by {props.others.map((o) => o.name).join(', ')}
          </span>
        </span>
      )}
      {(tools || (row.hidden && !renaming)) && (
        <span className="ml-1 flex shrink-0 items-center">
          {!readOnly && (
            <button
              type="button"
              tabIndex={-1}
              aria-label={row.hidden ? 'Show' : 'Hide'}
              title={row.hidden ? 'Show' : 'Hide'}
              aria-pressed={row.hidden}
              onPointerDown={(event) => event.stopPropagation()}
              onClick={(event) => {
                event.stopPropagation();
                props.onToggleHidden(row.id);
              }}
              className={tool}
            >
              <RowIcon name={row.hidden ? 'eye-off' : 'eye'} className="size-3.5" />
            </button>
          )}
          {tools && (
            <button
              type="button"
              tabIndex={-1}
              aria-label="More"
              aria-haspopup="menu"
              title="More (right-click)"
              onPointerDown={(event) => event.stopPropagation()}
              onClick={(event) => {
                event.stopPropagation();
                const box = event.currentTarget.getBoundingClientRect();
                props.onMenu(row.id, { x: box.left, y: box.bottom + 2 });
              }}
              className={tool}
            >
              <RowIcon name="more" className="size-3.5" />
            </button>
          )}
        </span>
      )}
    </div>
  );
});
