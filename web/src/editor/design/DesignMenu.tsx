import iconArrowLeft from '@iconify-icons/lucide/arrow-left';
import iconPlus from '@iconify-icons/lucide/plus';
import iconPalette from '@iconify-icons/lucide/palette';
import iconSliders from '@iconify-icons/lucide/sliders-horizontal';
import type { IconifyIcon } from '@iconify/types';
import { useShallow } from 'zustand/react/shallow';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { Iconify } from '../../ui/Iconify.tsx';
import { createSharedStyle } from '../../site/actions/theme.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { useEditor } from '../../site/store/context.tsx';
import { isSection, nodeName } from '../../site/store/document.ts';
import { currentSections } from '../../site/store/store.ts';
import { FieldMessage, inputClass, useInvalid } from './controls.tsx';
import { styleIcon } from './styleIcons.ts';

const rowClass =
  'flex h-[26px] items-center gap-2 rounded-md px-2 text-[12px] text-gray-700 outline-none hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset aria-[current=page]:bg-gray-100 aria-[current=page]:font-medium aria-[current=page]:text-gray-900';

function MenuLink({ to, icon, children }: { to: string; icon: IconifyIcon; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} className={rowClass}>
        <Iconify icon={icon} className="size-3.5 text-gray-500" />
        <span className="min-w-0 flex-1 truncate">{children}</span>
      </NavLink>
    </li>
  );
}

/**
 * The left sidebar of the design screens (spec 001 §2 "Editor layout": the design menu): the theme,
 * the global settings and the site's shared styles, and the way back to the pages.
 */
export function DesignMenu() {
  const siteId = useEditor((s) => s.siteId);
  const styles = useEditor(useShallow((s) => Object.values(s.site?.style?.shared ?? {})));
  const loaded = useEditor((s) => s.site !== null);
  const base = `/sites/${encodeURIComponent(siteId)}`;
  const [creating, setCreating] = useState(false);
  return (
    <nav aria-label="Design" className="flex h-full min-h-0 flex-col bg-white text-gray-800">
      <div className="flex h-9 shrink-0 items-center border-b border-gray-200 px-1.5">
        <Link to={`${base}/pages`} className={`${rowClass} w-full text-gray-600`}>
          <Iconify icon={iconArrowLeft} className="size-3.5" />
          Pages
        </Link>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        <h2 className="flex h-8 items-center px-3 text-[11px] font-semibold tracking-wide text-gray-500 uppercase">Design</h2>
        <ul className="px-1.5">
          <MenuLink to={`${base}/design-theme`} icon={iconPalette}>
            Theme
          </MenuLink>
          <MenuLink to={`${base}/design-settings`} icon={iconSliders}>
            Settings
          </MenuLink>
        </ul>
        <div className="mt-2 flex h-8 items-center justify-between pr-1.5 pl-3">
          <h2 id="design-shared-styles" className="text-[11px] font-semibold tracking-wide text-gray-500 uppercase">
            Shared styles
          </h2>
          <button
            type="button"
            aria-label="New shared style"
            title="New shared style from a component"
            aria-expanded={creating}
            onClick={() => setCreating(!creating)}
            className="flex size-6 items-center justify-center rounded text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <Iconify icon={iconPlus} className="size-3.5" />
          </button>
        </div>
        {creating && <NewSharedStyle onDone={() => setCreating(false)} />}
        <ul aria-labelledby="design-shared-styles" className="px-1.5 pb-2">
          {styles.map((style) => (
            <MenuLink key={style.id} to={`${base}/design-styles/${encodeURIComponent(style.id)}`} icon={styleIcon(style.icon)}>
              {style.name}
              {style.default && <span className="ml-1.5 text-[10px] font-normal text-gray-600 uppercase">Default</span>}
            </MenuLink>
          ))}
          {loaded && styles.length === 0 && <li className="px-2 text-[12px] text-gray-500">No shared styles yet</li>}
        </ul>
      </div>
    </nav>
  );
}

/**
 * A new shared style from a component of the open page: its style becomes the shared style, which it
 * then takes by name (PATCH theme/copy, copyType shared). Opens the new style.
 */
function NewSharedStyle({ onDone }: { onDone: () => void }) {
  const { run, enabled } = useAction(createSharedStyle);
  const { error, onInvalid, clear } = useInvalid();
  const navigate = useNavigate();
  const siteId = useEditor((s) => s.siteId);
  const document = useEditor(useShallow((s) => ({ nodes: s.nodes, pages: s.pages, pageId: s.pageId, before: s.before, after: s.after })));
  const components = useMemo(() => {
    const out: Array<{ id: string; label: string }> = [];
    const walk = (id: string, depth: number) => {
      const node = document.nodes.get(id);
      if (!node) return;
      if (!isSection(id)) out.push({ id, label: `${'\u00a0\u00a0'.repeat(depth - 1)}${nodeName(node, id)} (${node.type})` });
      for (const child of node.children) walk(child, depth + 1);
    };
    // On a style's screen the canvas shows the style's own page: offer the home page's components then.
    const pageId = document.pages.some((p) => p.id === document.pageId) ? document.pageId : 'home';
    for (const section of currentSections({ ...document, pageId })) walk(section, 0);
    return out;
  }, [document]);
  const [componentId, setComponentId] = useState('');
  const [name, setName] = useState('');
  const id = useId();
  const chosen = componentId || components[0]?.id || '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !name.trim()) return;
    clear();
    await run({
      componentId: chosen,
      name: name.trim(),
      onInvalid,
      onCreated: (styleId) => {
        onDone();
        void navigate(`/sites/${encodeURIComponent(siteId)}/design-styles/${encodeURIComponent(styleId)}`);
      },
    });
  };
  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label="New shared style"
      className="mx-1.5 mb-2 flex flex-col gap-1.5 rounded-md bg-gray-50 p-2"
    >
      <label htmlFor={`${id}-component`} className="text-[11px] text-gray-600">
        From component on this page
      </label>
      <select id={`${id}-component`} value={chosen} onChange={(e) => setComponentId(e.target.value)} className={inputClass}>
        {components.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-name`} className="text-[11px] text-gray-600">
        Name
      </label>
      <input
        id={`${id}-name`}
        value={name}
        placeholder="e.g. Card title"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(e) => setName(e.target.value)}
        className={inputClass}
      />
      <FieldMessage id={`${id}-error`} error={error} inset={false} />
      <div className="flex gap-1.5">
        <button
          type="submit"
          disabled={!enabled || !chosen || !name.trim()}
          className="h-7 rounded-md bg-brand-600 px-2.5 text-[12px] font-medium text-white hover:bg-brand-700 disabled:opacity-40"
        >
          Create style
        </button>
        <button type="button" onClick={onDone} className="h-7 rounded-md px-2.5 text-[12px] text-gray-700 hover:bg-gray-100">
          Cancel
        </button>
      </div>
    </form>
  );
}
