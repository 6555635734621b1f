import { Icon } from '../../ui/Icon.tsx';
import { aliasComponent, deleteComponent, duplicateComponent } from '../../site/actions/components.ts';
import { keyLabel, perform } from '../../site/actions/registry.ts';
import { selectComponent, startRename } from '../../site/actions/selection.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { isMac } from '../../site/header/platform.ts';
import { useActionContext, useEditor } from '../../site/store/context.tsx';
import { isSection, nodeName } from '../../site/store/document.ts';
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { EditorStore } from '../../site/store/store.ts';
import type { Tab } from './schema.ts';
import { breadcrumbOf } from './breadcrumb.ts';
import { INITIAL_UI, Inspector, type InspectorUi } from './Inspector.tsx';

const TUTORIALS_URL = 'https://www.youtube.com/@pagewright';
const CHAT_URL = 'https://github.com/pagewright/pagewright/discussions';

/** Nothing selected: how to start, with the chat and the video tutorials (spec 001 §2). */
function HelpPanel() {
  const mac = isMac();
  return (
    <div className="h-full overflow-y-auto p-4 text-[13px] text-gray-600">
      <h2 className="text-[13px] font-semibold text-gray-900">Select something to edit</h2>
      <p className="mt-1.5 leading-relaxed">
        Click a section or a component on the canvas or in the navigator. Double-click a text to type in place.
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-[12px]">
        <dt className="font-mono text-gray-500">{keyLabel('Mod+z', mac)}</dt>
        <dd>Undo</dd>
        <dt className="font-mono text-gray-500">{keyLabel('Mod+d', mac)}</dt>
        <dd>Duplicate</dd>
        <dt className="font-mono text-gray-500">{keyLabel('Mod+Shift+d', mac)}</dt>
        <dd>Make an alias</dd>
        <dt className="font-mono text-gray-500">Backspace</dt>
        <dd>Delete</dd>
        <dt className="font-mono text-gray-500">?</dt>
        <dd>All keyboard shortcuts</dd>
      </dl>
      <div className="mt-5 flex flex-col gap-1.5">
        <a href={CHAT_URL} target="_blank" rel="noreferrer" className="flex items-center gap-2 text-brand-700 hover:underline">
          <Icon name="message" className="size-4" />
          Chat with us
        </a>
        <a href={TUTORIALS_URL} target="_blank" rel="noreferrer" className="flex items-center gap-2 text-brand-700 hover:underline">
          <Icon name="external" className="size-4" />
          Video tutorials
        </a>
      </div>
    </div>
  );
}

/** The selection's header: breadcrumb, name, type, alias badge and the structure actions. */
export function SelectionPanel() {
  const ctx = useActionContext();
  const selectedId = useEditor((s) => s.selectedId);
  const node = useEditor((s) => (s.selectedId ? s.nodes.get(s.selectedId) : undefined));
  const nodes = useEditor((s) => s.nodes);
  const duplicate = useAction(duplicateComponent);
  const alias = useAction(aliasComponent);
  const remove = useAction(deleteComponent);
  const rename = useAction(startRename);
  const [ui, setUi] = useState<InspectorUi>(INITIAL_UI);
  // Where each tab was scrolled to: one map for the panel's life, written as it scrolls.
  const [scrolls] = useState(() => new Map<string, number>());
  useOpenSetting(ctx.store, setUi);
  if (!selectedId || !node) return <HelpPanel />;
  const { hidden, shown } = breadcrumbOf(selectedId);
  const mac = isMac();
  const select = (id: string) => void perform(ctx, selectComponent, { id });
  const actionClass =
    'flex h-6 items-center gap-1.5 rounded px-1.5 text-[11px] text-gray-700 ring-1 ring-gray-200 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    // The panel's own height: its header and tabs stay, the groups scroll (the page never does).
    <div className="relative flex h-full min-h-0 flex-col" data-testid="inspector">
      <nav
        aria-label="Breadcrumb"
        className="flex min-h-9 shrink-0 flex-wrap items-center gap-0.5 border-b border-gray-100 px-3 py-1.5 text-[12px] text-gray-500"
      >
        {hidden.length > 0 && (
          <select
            aria-label="Older ancestors"
            className="h-6 w-7 rounded border-0 bg-transparent p-0 text-center text-gray-500 hover:bg-gray-100"
            value=""
            onChange={(e) => e.target.value && select(e.target.value)}
          >
            <option value="">…</option>
            {hidden.map((id) => (
              <option key={id} value={id}>
                {nodeName(nodes.get(id), id)}
              </option>
            ))}
          </select>
        )}
        {shown.map((id) => (
          <span key={id} className="flex items-center gap-0.5">
            {(hidden.length > 0 || id !== shown[0]) && <span aria-hidden="true">›</span>}
            <button
              type="button"
              className="max-w-24 truncate rounded px-1 hover:bg-gray-100 hover:text-gray-900"
              onClick={() => select(id)}
            >
              {nodeName(nodes.get(id), id)}
            </button>
          </span>
        ))}
      </nav>
      <div className="shrink-0 border-b border-gray-100 px-3 py-2">
        <div className="flex items-center gap-2">
          <h2 className="min-w-0 flex-1 truncate text-[14px] font-semibold text-gray-900">{nodeName(node, selectedId)}</h2>
          {node.alias && (
            <span
              className="rounded bg-violet-50 px-1.5 py-0.5 text-[11px] font-medium text-violet-700 ring-1 ring-violet-200"
              title={`Alias of ${node.alias}`}
            >
              Alias
            </span>
          )}
        </div>
        <p className="mt-0.5 text-[12px] text-gray-500">
          {isSection(selectedId) ? 'Section' : node.type} · <span className="font-mono">{selectedId}</span>
        </p>
        <div className="mt-2 flex flex-wrap gap-1">
          <button
            type="button"
            className={actionClass}
            disabled={!rename.enabled}
            onClick={() => void rename.run()}
            title={`Rename (${keyLabel('Mod+Shift+r', mac)})`}
          >
            Rename
          </button>
          <button
            type="button"
            className={actionClass}
            disabled={!duplicate.enabled}
            onClick={() => void duplicate.run()}
            title={`Duplicate (${keyLabel('Mod+d', mac)})`}
          >
            Duplicate
          </button>
          {!isSection(selectedId) && (
            <button
              type="button"
              className={actionClass}
              disabled={!alias.enabled}
              onClick={() => void alias.run()}
              title={`Make an alias (${keyLabel('Mod+Shift+d', mac)})`}
            >
              Make an alias
            </button>
          )}
          <button
            type="button"
            className={`${actionClass} text-red-700`}
            disabled={!remove.enabled}
            onClick={() => void remove.run()}
            title="Delete (Backspace)"
          >
            Delete
          </button>
        </div>
      </div>
      <Inspector key={selectedId} id={selectedId} node={node} ui={ui} setUi={setUi} scrolls={scrolls} />
    </div>
  );
}

/** The longest the inspector is waited for to draw a setting the palette asked for (its later groups come a frame after the first). */
const OPEN_SETTING_FRAMES = 30;

/**
 * "Open setting…" of the command palette: the inspector shows the setting's tab with its group open,
 * scrolls to it and puts the focus in its control.
 */
function useOpenSetting(store: EditorStore, setUi: Dispatch<SetStateAction<InspectorUi>>) {
  useEffect(
    () =>
      store.subscribe((s, previous) => {
        const target = s.openSetting;
        if (!target || target === previous.openSetting) return;
        s.setOpenSetting(null);
        setUi((u) => {
          const closed = new Set(u.closed);
          closed.delete(target.group);
          return { ...u, tab: target.tab as Tab, closed };
        });
        let frames = 0;
        const focus = () => {
          const row = document.querySelector(`[data-testid="inspector"] [data-row="${CSS.escape(target.row)}"]`);
          const labelled = row?.querySelector('label[for]')?.getAttribute('for');
          const control =
            (labelled ? document.getElementById(labelled) : null) ??
            row?.querySelector<HTMLElement>('input, select, textarea, button:not([aria-haspopup="menu"]), [tabindex="0"]');
          if (control) {
            control.scrollIntoView({ block: 'nearest' });
            control.focus();
          } else if (frames++ < OPEN_SETTING_FRAMES) requestAnimationFrame(focus);
        };
        requestAnimationFrame(focus);
      }),
    [store, setUi],
  );
}
