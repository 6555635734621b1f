import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import {
  SortableContext,
  horizontalListSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import iconArrowDown from '@iconify-icons/lucide/arrow-down';
import iconArrowUp from '@iconify-icons/lucide/arrow-up';
import iconArrowUpDown from '@iconify-icons/lucide/arrow-up-down';
import iconGrip from '@iconify-icons/lucide/grip-vertical';
import iconLanguages from '@iconify-icons/lucide/languages';
import { createColumnHelper, tableFeatures, useTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Iconify } from '../ui/Iconify.tsx';
import { useEditor } from '../site/store/context.tsx';
import { cssColor, parseColorValue } from '../ui/pickers/color.ts';
import { pictureOf, useAssets } from '../assets/public.ts';
import { useCms } from './store.ts';
import {
  categoriesOf,
  cellText,
  colorForPicker,
  fieldTitle,
  inLanguage,
  missingTranslation,
  valueOf,
  type Field,
  type Item,
} from './values.ts';

const features = tableFeatures({});
type Row = { index: number; item: Item | undefined };
const column = createColumnHelper<typeof features, Row>();
const ROW_HEIGHT = 40;

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

interface Props {
  label: string;
  fields: Field[];
  total: number;
  rowAt(index: number): Item | undefined;
  ensure(start: number, end: number): void;
  language: string;
  main: string;
  languages: readonly string[];
  sort: SortState | null;
  onSort(next: SortState | null): void;
  selectedId: number | null;
  onOpen(item: Item): void;
  /** Drag to sort rows (spec 002 §2: off while creating or editing, or while a search or a sort is on). */
  canDrag: boolean;
  onMove(fromIndex: number, toIndex: number): void;
  /**
   * Published and yes/no toggles are editable straight from the table (spec 002 §4 for published);
   * null when read-only.
   */
  onToggle: ((item: Item, field: Field, on: boolean) => void) | null;
  flashes: ReadonlyMap<number, string>;
  /** Moves a field before or after another (by drag or keyboard on the column's grip); null when fields cannot move. */
  onMoveField: ((field: string, over: string) => void) | null;
}

/**
 * The items table of the CMS screen: a sticky header of the visible fields (click to sort on the
 * server), a virtualized body that asks for the pages it shows, keyboard navigation (arrows, Home,
 * End, Page Up/Down, Enter opens), drag handles for the hand order, and per-cell translation flags.
 */
export function ItemsTable(props: Props) {
  const {
    fields,
    total,
    rowAt,
    ensure,
    language,
    main,
    languages,
    sort,
    onSort,
    selectedId,
    onOpen,
    canDrag,
    onMove,
    onToggle,
    flashes,
    onMoveField,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActiveState] = useState(0);
  // Keys can come faster than renders: the next move starts from the latest row, not the rendered one.
  const activeRef = useRef(0);
  const setActive = (index: number) => {
    activeRef.current = index;
    setActiveState(index);
  };
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const virtual = virtualizer.getVirtualItems();
  const first = virtual[0]?.index ?? 0;
  const last = virtual[virtual.length - 1]?.index ?? 0;
  useEffect(() => {
    if (total > 0) ensure(first, last);
  }, [ensure, first, last, total]);

  const rows: Row[] = virtual.map((v) => ({ index: v.index, item: rowAt(v.index) }));

  const columns = useMemo<ColumnDef<typeof features, Row, unknown>[]>(
    () =>
      fields.map((field) =>
        column.display({
          id: field.id,
          header: () => fieldTitle(field, main),
          cell: (c) => (
            <Cell row={c.row.original} field={field} language={language} main={main} languages={languages} onToggle={onToggle} />
          ),
        }),
      ),
    [fields, language, main, languages, onToggle],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (r) => String(r.index) });

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = rows.map((r) => String(r.index));

  function focusRow(index: number) {
    const next = Math.max(0, Math.min(total - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if ((event.target as HTMLElement).closest('button, input, select') && event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const active = activeRef.current;
    const moves = new Map<string, number>([
      ['ArrowDown', active + 1],
      ['ArrowUp', active - 1],
      ['PageDown', active + page],
      ['PageUp', active - page],
      ['Home', 0],
      ['End', total - 1],
    ]);
    const target = moves.get(event.key);
    if (target !== undefined) {
      event.preventDefault();
      focusRow(target);
    } else if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'TR') {
      const item = rowAt(active);
      if (item) onOpen(item);
    }
  }

  function onFieldDragEnd(event: DragEndEvent) {
    if (!event.over || event.active.id === event.over.id) return;
    onMoveField?.(String(event.active.id), String(event.over.id));
  }

  function onDragEnd(event: DragEndEvent) {
    if (!event.over || event.active.id === event.over.id) return;
    onMove(Number(event.active.id), Number(event.over.id));
  }

  const padTop = virtual[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (virtual[virtual.length - 1]?.end ?? 0);
  const colSpan = fields.length + 1;

  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-auto bg-white"
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        const index = e.target.tagName === 'TR' ? Number(e.target.getAttribute('data-index')) : NaN;
        if (Number.isInteger(index) && index !== activeRef.current) setActive(index);
      }}
      data-testid="cms-scroller"
    >
      <table className="w-full border-separate border-spacing-0 text-left text-[13px]" aria-label={props.label} aria-rowcount={total + 1}>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onFieldDragEnd}>
          <SortableContext items={fields.map((f) => f.id)} strategy={horizontalListSortingStrategy} disabled={!onMoveField}>
            <thead className="sticky top-0 z-[1] bg-gray-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id} aria-rowindex={1}>
                  <th scope="col" className="w-8 border-b border-gray-200 bg-gray-50">
                    <span className="sr-only">Order</span>
                  </th>
                  {group.headers.map((header) => {
                    const on = sort?.field === header.id ? sort.order : null;
                    const field = fields.find((f) => f.id === header.id);
                    return (
                      <SortableHeader
                        key={header.id}
                        id={header.id}
                        title={field ? fieldTitle(field, main) : header.id}
                        movable={onMoveField !== null}
                        sorted={on}
                      >
                        <button
                          type="button"
                          className="group flex items-center gap-1 uppercase hover:text-gray-900"
                          onClick={() =>
                            onSort(
                              on === null ? { field: header.id, order: 'asc' } : on === 'asc' ? { field: header.id, order: 'desc' } : null,
                            )
                          }
                        >
                          <table.FlexRender header={header} />
                          <Iconify
                            icon={on === 'asc' ? iconArrowUp : on === 'desc' ? iconArrowDown : iconArrowUpDown}
                            className={`size-3 ${on ? 'text-brand-700' : 'text-gray-400 opacity-0 group-hover:opacity-100'}`}
                          />
                        </button>
                      </SortableHeader>
                    );
                  })}
                </tr>
              ))}
            </thead>
          </SortableContext>
        </DndContext>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!canDrag}>
            <tbody>
              {padTop > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={colSpan} style={{ height: padTop, padding: 0 }} />
                </tr>
              )}
              {table.getRowModel().rows.map((row) => {
                const { index, item } = row.original;
                return (
                  <SortableRow
                    key={row.id}
                    id={row.id}
                    index={index}
                    item={item}
                    selected={item !== undefined && item._id === selectedId}
                    active={index === active}
                    flash={item ? flashes.get(item._id) : undefined}
                    canDrag={canDrag}
                    onOpen={() => {
                      setActive(index);
                      if (item) onOpen(item);
                    }}
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className="max-w-[320px] border-b border-gray-100 px-3 py-0 align-middle text-gray-800">
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </SortableRow>
                );
              })}
              {padBottom > 0 && (
                <tr aria-hidden="true">
                  <td colSpan={colSpan} style={{ height: padBottom, padding: 0 }} />
                </tr>
              )}
            </tbody>
          </SortableContext>
        </DndContext>
      </table>
    </div>
  );
}

/** A column header whose grip moves its field among the others, by mouse or keyboard (dnd-kit). */
function SortableHeader({
  id,
  title,
  movable,
  sorted,
  children,
}: {
  id: string;
  title: string;
  movable: boolean;
  sorted: 'asc' | 'desc' | null;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !movable,
  });
  return (
    <th
      ref={setNodeRef}
      scope="col"
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`group/header h-9 border-b border-gray-200 bg-gray-50 px-3 text-[11px] font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase ${isDragging ? 'relative z-[2] shadow-md' : ''}`}
    >
      <span className="flex items-center gap-0.5">
        {movable && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Move field ${title}`}
            className="-ml-2 flex size-5 cursor-grab items-center justify-center rounded text-gray-400 opacity-0 group-hover/header:opacity-100 hover:bg-gray-200 hover:text-gray-700 focus-visible:opacity-100"
          >
            <Iconify icon={iconGrip} className="size-3" />
          </button>
        )}
        {children}
      </span>
    </th>
  );
}

function SortableRow({
  id,
  index,
  item,
  selected,
  active,
  flash,
  canDrag,
  onOpen,
  children,
}: {
  id: string;
  index: number;
  item: Item | undefined;
  selected: boolean;
  active: boolean;
  flash: string | undefined;
  canDrag: boolean;
  onOpen(): void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !canDrag,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, height: ROW_HEIGHT };
  return (
    <tr
      ref={setNodeRef}
      style={style}
      data-index={index}
      data-testid="cms-row"
      data-item-id={item?._id}
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={active ? 0 : -1}
      onClick={onOpen}
      className={`group cursor-pointer outline-none focus-visible:bg-brand-50 focus-visible:shadow-[inset_2px_0_0_var(--color-brand-600)] ${
        isDragging ? 'relative z-[2] bg-white shadow-lg' : flash ? 'bg-emerald-50' : selected ? 'bg-brand-50/70' : 'hover:bg-gray-50'
      }`}
    >
      <td className="w-8 border-b border-gray-100 pl-1.5 align-middle">
        {canDrag ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag to sort item ${item?._id ?? ''}`}
            onClick={(e) => e.stopPropagation()}
            className="flex size-6 cursor-grab items-center justify-center rounded text-gray-400 opacity-0 group-hover:opacity-100 hover:bg-gray-100 hover:text-gray-700 focus-visible:opacity-100"
          >
            <Iconify icon={iconGrip} className="size-3.5" />
          </button>
        ) : (
          <span className="block w-6 text-right text-[11px] text-gray-400 tabular-nums">{item ? '' : '…'}</span>
        )}
      </td>
      {item ? (
        children
      ) : (
        <td colSpan={99} className="border-b border-gray-100 px-3">
          <span className="block h-3 w-48 animate-pulse rounded bg-gray-100" />
        </td>
      )}
      {flash && (
        <td className="sticky right-0 border-b border-gray-100 pr-3 text-right">
          <span role="status" className="rounded-full bg-emerald-100 px-2 py-0.5 text-[11px] font-medium text-emerald-800">
            {flash}
          </span>
        </td>
      )}
    </tr>
  );
}

function Cell({
  row,
  field,
  language,
  main,
  languages,
  onToggle,
}: {
  row: Row;
  field: Field;
  language: string;
  main: string;
  languages: readonly string[];
  onToggle: Props['onToggle'];
}) {
  const item = row.item;
  if (!item) return null;
  const value = valueOf(item, field.id);
  // A yes/no value is a toggle, not the words true and false; the field's own types can be switched here.
  if (field.type === 'published' || field.type === 'boolean' || typeof value === 'boolean') {
    const on = field.type === 'published' ? value !== false : value === true;
    const editable = onToggle !== null && (field.type === 'published' || field.type === 'boolean');
    return (
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`${fieldTitle(field, main)}: item ${item._id}`}
        disabled={!editable}
        onClick={(e) => {
          e.stopPropagation();
          if (editable) onToggle(item, field, !on);
        }}
        className={`relative inline-flex h-[18px] w-8 items-center rounded-full transition-colors disabled:cursor-default ${on ? 'bg-brand-600' : 'bg-gray-300'}`}
      >
        <span
          className={`inline-block size-3.5 rounded-full bg-white shadow-sm transition-transform ${on ? 'translate-x-4' : 'translate-x-0.5'}`}
        />
      </button>
    );
  }
  const text = cellText(value, language, main);
  const missing = missingTranslation(field, value, language, languages);
  const flag = missing && (
    <Iconify
      icon={iconLanguages}
      title={`Missing ${language} localization`}
      className="size-3.5 shrink-0 text-red-600"
      data-testid="missing-translation"
    />
  );
  if (field.type === 'enum' && text) {
    const tone = categoriesOf(field).indexOf(text) % 4;
    const tones = [
      'bg-sky-50 text-sky-800 ring-sky-200',
      'bg-amber-50 text-amber-800 ring-amber-200',
      'bg-violet-50 text-violet-800 ring-violet-200',
      'bg-emerald-50 text-emerald-800 ring-emerald-200',
    ];
    return (
      <span className={`rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset ${tones.at(tone) ?? tones[0]}`}>{text}</span>
    );
  }
  if (field.type === 'color' && text) return <ColorCell text={text} />;
  if (PICTURE_TYPES.has(field.type) && text) return <PictureCell names={pictureNames(inLanguage(value, language, main))} flag={flag} />;
  return (
    <span className={`flex items-center gap-1.5 ${field.type === 'number' ? 'justify-end tabular-nums' : ''}`}>
      <span className={`truncate ${field.type === 'slug' || field.type === 'date' ? 'font-mono text-[12px] text-gray-600' : ''}`}>
        {text}
      </span>
      {flag}
    </span>
  );
}

/** Field types whose values are pictures: the table shows them as thumbnails, not as file names. */
const PICTURE_TYPES = new Set(['image', 'svg', 'gallery']);
const pictureNames = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

/** An image, SVG or gallery value as thumbnails of the asset library's previews (the first three), named by their files. */
function PictureCell({ names, flag }: { names: string[]; flag: ReactNode }) {
  const siteId = useCms((s) => s.siteId);
  const files = useAssets((s) => (s.siteId === siteId ? s.files : null));
  const load = useAssets((s) => s.load);
  useEffect(() => {
    if (!files && siteId && useAssets.getState().siteId !== siteId) void load(siteId);
  }, [files, load, siteId]);
  return (
    <span className="flex items-center gap-1.5" title={names.join(', ')}>
      {names.slice(0, 3).map((name) => {
        const src = pictureOf(files, name);
        return src ? (
          <img
            key={name}
            src={src}
            alt={name}
            loading="lazy"
            data-testid="cms-thumbnail"
            className="size-7 shrink-0 rounded bg-gray-100 object-cover ring-1 ring-gray-200"
          />
        ) : (
          <span key={name} className="truncate text-[12px] text-gray-600">
            {name}
          </span>
        );
      })}
      {names.length > 3 && <span className="text-[11px] text-gray-500">+{names.length - 3}</span>}
      {flag}
    </span>
  );
}

/** A colour value (a theme shade or a hex, with its opacity) as its swatch in the site's theme and its name. */
function ColorCell({ text }: { text: string }) {
  const colors = useEditor((s) => s.site?.style?.theme?.colors);
  return (
    <span className="flex items-center gap-1.5">
      <span
        data-testid="color-swatch"
        className="size-3.5 shrink-0 rounded ring-1 ring-gray-300"
        style={{ background: cssColor(parseColorValue(colorForPicker(text)), colors ?? {}) || text }}
      />
      <span className="truncate font-mono text-[12px]">{text}</span>
    </span>
  );
}
