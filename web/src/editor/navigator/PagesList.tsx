import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import iconEllipsis from '@iconify-icons/lucide/ellipsis';
import iconGrip from '@iconify-icons/lucide/grip-vertical';
import iconEyeOff from '@iconify-icons/lucide/eye-off';
import iconPlus from '@iconify-icons/lucide/plus';
import { useCallback, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { Iconify } from '../../ui/Iconify.tsx';
import { movePage, renamePage, switchPage } from '../../site/actions/index.ts';
import { perform } from '../../site/actions/registry.ts';
import { isMac } from '../../site/header/platform.ts';
import { FIXED_PAGES, FOOTER, HEADER, type Page } from '../../site/store/document.ts';
import { useActionContext, useEditor } from '../../site/store/context.tsx';
import { navigatorPages } from '../../site/store/store.ts';
import { pageIcon } from './icons.ts';
import { NavigatorMenu, type MenuEntry } from './NavigatorMenu.tsx';
import { RenameInput } from './RenameInput.tsx';
import { pageMenu } from './menus.ts';
import { pageAddressOf } from './pageAddress.ts';

interface OpenMenu {
  pageId: string;
  at: { x: number; y: number };
  entries: MenuEntry[];
}

/**
 * The site's pages: the header first, the footer last, the open one marked, each with the address a
 * visitor finds it at; click to open one, drag (or its handle's keys: Space, arrows, Space) to reorder.
 */
export function PagesList() {
  const ctx = useActionContext();
  const navigate = useNavigate();
  const pages = useEditor(useShallow((s) => navigatorPages(s.pages)));
  const pageId = useEditor((s) => s.pageId);
  const highlightId = useEditor((s) => s.highlightId);
  const readOnly = useEditor((s) => s.readOnly);
  const defaultLanguage = useEditor((s) => s.site?.settings?.languages?.[0] ?? s.language);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sortable = pages.filter((p) => p.id !== HEADER && p.id !== FOOTER).map((p) => p.id);
  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over || event.active.id === event.over.id) return;
    void perform(ctx, movePage, { pageId: String(event.active.id), overId: String(event.over.id) });
  };
  const [renaming, setRenaming] = useState<string | null>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);
  const deps = useMemo(() => ({ navigate: (to: string) => void navigate(to), mac: isMac() }), [navigate]);

  const openMenu = (page: Page, at: { x: number; y: number }) =>
    setMenu({ pageId: page.id, at, entries: pageMenu(ctx, deps, page, () => setRenaming(page.id)) });

  return (
    <section aria-labelledby="navigator-pages" className="flex max-h-[38%] shrink-0 flex-col border-b border-gray-200">
      <div className="flex h-9 shrink-0 items-center justify-between pr-1.5 pl-3">
        <h2 id="navigator-pages" className="text-[11px] font-semibold tracking-wide text-gray-500 uppercase">
          Pages
        </h2>
        <button
          type="button"
          aria-label="Add page"
          title="Add page"
          disabled={readOnly}
          onClick={() => ctx.store.getState().openPopup({ name: 'pages' })}
          className="grid size-6 place-items-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-40 disabled:hover:bg-transparent"
        >
          <Iconify icon={iconPlus} className="size-3.5" />
        </button>
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={sortable} strategy={verticalListSortingStrategy} disabled={readOnly}>
          <ul aria-label="Pages" className="min-h-0 overflow-y-auto px-1.5 pb-2">
            {pages.map((page) => {
              const open = page.id === pageId;
              const name = page.name || page.id;
              // The header and footer hold sections only: there is nothing to do to them as pages.
              const actions = page.id !== HEADER && page.id !== FOOTER;
              const address = pageAddressOf(page, defaultLanguage);
              return (
                <PageRow
                  key={page.id}
                  id={page.id}
                  name={name}
                  sortable={actions && !readOnly}
                  onContextMenu={(event) => {
                    event.preventDefault();
                    if (actions) openMenu(page, { x: event.clientX, y: event.clientY });
                  }}
                  className={`group relative flex h-[26px] items-center rounded-md transition-colors duration-300 ${
                    highlightId === page.id ? 'bg-brand-100' : open ? 'bg-gray-100' : 'hover:bg-gray-50'
                  }`}
                >
                  {renaming === page.id ? (
                    <div className="flex flex-1 items-center gap-2 pr-1.5 pl-2">
                      <Iconify icon={pageIcon(page)} className="size-3.5 text-gray-500" />
                      <RenameInput
                        initial={name}
                        label={`Name of the page ${name}`}
                        onSave={(value) => {
                          setRenaming(null);
                          void perform(ctx, renamePage, { pageId: page.id, name: value });
                        }}
                        onCancel={() => setRenaming(null)}
                      />
                    </div>
                  ) : (
                    <>
                      <button
                        type="button"
                        aria-current={open ? 'page' : undefined}
                        onClick={() => void perform(ctx, switchPage, { pageId: page.id })}
                        onDoubleClick={() => {
                          if (!readOnly && !FIXED_PAGES.has(page.id)) setRenaming(page.id);
                        }}
                        className={`flex h-full min-w-0 flex-1 items-center gap-2 rounded-md pr-1 pl-2 text-left text-[12px] outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset ${
                          open ? 'font-medium text-gray-900' : page.unpublished ? 'text-gray-500' : 'text-gray-700'
                        }`}
                      >
                        <Iconify icon={pageIcon(page)} className={`size-3.5 ${open ? 'text-brand-600' : 'text-gray-400'}`} />
                        <span className="truncate">{name}</span>
                        {page.unpublished && (
                          <span className="ml-auto flex shrink-0 items-center gap-1 rounded bg-amber-50 px-1 text-[10px] leading-4 font-medium text-amber-800">
                            <Iconify icon={iconEyeOff} className="size-3" />
                            Unpublished
                          </span>
                        )}
                      </button>
                      {address && (
                        <span
                          data-testid="page-address"
                          className={`pointer-events-none max-w-[45%] shrink-0 truncate font-mono text-[10.5px] text-gray-600 ${actions ? 'pr-7' : 'pr-2'}`}
                        >
                          {address}
                        </span>
                      )}
                      {actions && (
                        <button
                          type="button"
                          aria-label={`Page actions for ${name}`}
                          aria-haspopup="menu"
                          aria-expanded={menu?.pageId === page.id}
                          title="Page actions"
                          onClick={(event) => {
                            const box = event.currentTarget.getBoundingClientRect();
                            openMenu(page, { x: box.left, y: box.bottom + 2 });
                          }}
                          className={`absolute right-1 grid size-5 place-items-center rounded text-gray-500 hover:bg-gray-200 hover:text-gray-900 focus-visible:opacity-100 ${
                            menu?.pageId === page.id ? 'opacity-100' : 'opacity-0 group-hover:opacity-100'
                          }`}
                        >
                          <Iconify icon={iconEllipsis} className="size-3.5" />
                        </button>
                      )}
                    </>
                  )}
                </PageRow>
              );
            })}
          </ul>
        </SortableContext>
      </DndContext>
      {menu && <NavigatorMenu label="Page actions" at={menu.at} entries={menu.entries} onClose={closeMenu} />}
    </section>
  );
}

/** One page of the list; the pages between the header and the footer move by their handle. */
function PageRow({
  id,
  name,
  sortable,
  className,
  onContextMenu,
  children,
}: {
  id: string;
  name: string;
  sortable: boolean;
  className: string;
  onContextMenu(event: React.MouseEvent): void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !sortable,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      onContextMenu={onContextMenu}
      className={`${className} pl-3 ${isDragging ? 'z-[2] bg-white shadow-md' : ''}`}
    >
      {sortable && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Move ${name}`}
          title="Drag to reorder"
          className="absolute left-0 grid h-full w-3 cursor-grab place-items-center rounded text-gray-400 opacity-0 group-hover:opacity-100 hover:text-gray-700 focus-visible:opacity-100"
        >
          <Iconify icon={iconGrip} className="size-3" />
        </button>
      )}
      {children}
    </li>
  );
}
