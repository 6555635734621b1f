import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { perform } from '../../site/actions/registry.ts';
import { selectComponent } from '../../site/actions/selection.ts';
import { deleteSharedStyle, makeDefaultSharedStyle, setSharedStyle, updateSharedStyle } from '../../site/actions/theme.ts';
import { Iconify } from '../../ui/Iconify.tsx';
import { STYLE_ICONS, styleIcon } from './styleIcons.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { useActionContext, useEditor } from '../../site/store/context.tsx';
import { FOOTER, HEADER, nodeName } from '../../site/store/document.ts';
import type { EditorState } from '../../site/store/store.ts';
import { classesOf } from './classList.ts';
import { CommitInput, FieldMessage, inputClass, PanelSection, useInvalid } from './controls.tsx';
import { PanelSkeleton } from './DesignWorkspace.tsx';
import { SettingClasses } from './SettingClasses.tsx';

const buttonClass =
  'flex h-7 items-center gap-1.5 rounded-md px-2.5 text-[12px] font-medium ring-1 disabled:cursor-not-allowed disabled:opacity-40';

/** The setting names the server's templates use, offered when adding one (any name of letters is taken). */
const SETTINGS = [
  'textAlign',
  'fontSize',
  'textColor',
  'fontFamily',
  'fontWeight',
  'lineHeight',
  'letterSpacing',
  'textTransform',
  'position',
  'display',
  'layout',
  'gap',
  'size',
  'padding',
  'margin',
  'background',
  'corners',
  'border',
  'outline',
  'effects',
  'transform',
  'transition',
  'interactivity',
  'children',
  'other',
];

/** The components that take a shared style by name (`inherits`), with the page each is on. */
function usersOf(
  s: Pick<EditorState, 'nodes' | 'pages' | 'before' | 'after'>,
  styleId: string,
): Array<{ id: string; name: string; pageId: string }> {
  const pageOf = (id: string) => {
    const section = id.split('.')[0]!;
    if (s.before.includes(section)) return HEADER;
    if (s.after.includes(section)) return FOOTER;
    return s.pages.find((p) => p.sections.includes(section))?.id;
  };
  const out: Array<{ id: string; name: string; pageId: string }> = [];
  for (const [id, node] of s.nodes) {
    const pageId = node.data.inherits === styleId ? pageOf(id) : undefined;
    if (pageId) out.push({ id, name: nodeName(node, id), pageId });
  }
  return out;
}

function UsedBy({ styleId }: { styleId: string }) {
  const ctx = useActionContext();
  const navigate = useNavigate();
  const document = useEditor(useShallow((s) => ({ nodes: s.nodes, pages: s.pages, before: s.before, after: s.after })));
  const users = useMemo(() => usersOf(document, styleId), [document, styleId]);
  const open = (user: { id: string; pageId: string }) => {
    const s = ctx.store.getState();
    s.setPage(user.pageId);
    void perform(ctx, selectComponent, { id: user.id });
    void navigate(`/sites/${encodeURIComponent(s.siteId)}/pages/${user.pageId === 'home' ? '' : user.pageId}`);
  };
  return (
    <PanelSection title={`Used by ${users.length} ${users.length === 1 ? 'component' : 'components'}`}>
      {users.length === 0 ? (
        <p className="text-[12px] text-gray-500">No component takes this style by name.</p>
      ) : (
        <ul className="-mx-1 flex max-h-40 flex-col overflow-y-auto">
          {users.map((user) => (
            <li key={user.id}>
              <button
                type="button"
                onClick={() => open(user)}
                title={`Select ${user.name} on the page ${user.pageId}`}
                className="flex h-[26px] w-full items-center gap-2 rounded px-1 text-left text-[12px] text-gray-700 hover:bg-gray-50"
              >
                <span className="min-w-0 flex-1 truncate">{user.name}</span>
                <span className="shrink-0 text-[11px] text-gray-500">{user.pageId}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}

/** Adds a setting that the style does not have yet, with its first classes. */
function AddSetting({ styleId, taken }: { styleId: string; taken: readonly string[] }) {
  const { run, enabled } = useAction(setSharedStyle);
  const { error, onInvalid, clear } = useInvalid();
  const [setting, setSetting] = useState('');
  const [classes, setClasses] = useState('');
  const id = useId();
  const offered = SETTINGS.filter((s) => !taken.includes(s));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!setting.trim() || classesOf(classes).length === 0) return;
    let refused = false;
    clear();
    await run({
      styleId,
      setting: setting.trim(),
      value: classesOf(classes).join(' '),
      onInvalid: (m, f) => ((refused = true), onInvalid(m, f)),
    });
    if (!refused) {
      setSetting('');
      setClasses('');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-1.5 px-3 py-2">
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] gap-1.5">
        <input
          aria-label="New setting"
          placeholder="Setting"
          list={`${id}-settings`}
          value={setting}
          disabled={!enabled}
          onChange={(e) => setSetting(e.target.value)}
          className={inputClass}
        />
        <datalist id={`${id}-settings`}>
          {offered.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <input
          aria-label="Classes of the new setting"
          placeholder="Classes"
          value={classes}
          disabled={!enabled}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(e) => setClasses(e.target.value)}
          className={`${inputClass} font-mono`}
        />
      </div>
      <FieldMessage id={`${id}-error`} error={error} inset={false} />
      <button
        type="submit"
        disabled={!enabled}
        className={`${buttonClass} self-start bg-white text-gray-700 ring-gray-200 hover:bg-gray-50`}
      >
        Add setting
      </button>
    </form>
  );
}

/** The style's icon (a menu of the editor's set) and its name, renamed in place; its id stays. */
function StyleTitle({ styleId, name, icon, isDefault }: { styleId: string; name: string; icon?: string; isDefault: boolean }) {
  const { run, enabled } = useAction(updateSharedStyle);
  const { error, onInvalid, clear } = useInvalid();
  const [renaming, setRenaming] = useState(false);
  const [picking, setPicking] = useState(false);
  const id = useId();
  const rename = async (next: string) => {
    clear();
    if (next === name) return setRenaming(false);
    let refused = false;
    await run({ styleId, name: next, onInvalid: (m, f) => ((refused = true), onInvalid(m, f)) });
    if (!refused) setRenaming(false);
  };
  return (
    <div className="relative">
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label="Icon"
          aria-expanded={picking}
          title="Choose an icon"
          disabled={!enabled}
          onClick={() => setPicking(!picking)}
          className="flex size-7 shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-700 ring-1 ring-gray-200 hover:bg-gray-200"
        >
          <Iconify icon={styleIcon(icon)} className="size-4" />
        </button>
        {renaming ? (
          <CommitInput
            label="Style name"
            value={name}
            error={error}
            errorId={`${id}-error`}
            onCommit={(next) => void rename(next)}
            className="font-semibold"
          />
        ) : (
          <h2 className="flex min-w-0 flex-1 items-center gap-2 text-[13px] font-semibold text-gray-900">
            <span className="min-w-0 truncate">{name}</span>
            {isDefault && (
              <span className="rounded bg-brand-50 px-1.5 py-0.5 text-[10px] font-medium text-brand-800 uppercase">Default</span>
            )}
          </h2>
        )}
        {!renaming && (
          <button
            type="button"
            disabled={!enabled}
            onClick={() => setRenaming(true)}
            className={`${buttonClass} h-6 shrink-0 px-2 text-gray-700 ring-gray-200 hover:bg-gray-50`}
          >
            Rename
          </button>
        )}
      </div>
      <FieldMessage id={`${id}-error`} error={error} inset={false} />
      {picking && (
        <div
          role="radiogroup"
          aria-label="Style icon"
          className="absolute top-9 left-0 z-20 grid w-[232px] grid-cols-6 gap-1 rounded-md border border-gray-200 bg-white p-1.5 shadow-lg"
          onKeyDown={(e) => e.key === 'Escape' && setPicking(false)}
        >
          {STYLE_ICONS.map((choice) => (
            <button
              key={choice.name}
              type="button"
              role="radio"
              aria-checked={choice.name === icon}
              aria-label={choice.label}
              title={choice.label}
              onClick={() => {
                setPicking(false);
                if (choice.name !== icon) void run({ styleId, icon: choice.name });
              }}
              className="flex size-8 items-center justify-center rounded text-gray-700 hover:bg-gray-100 aria-checked:bg-brand-50 aria-checked:text-brand-800 aria-checked:ring-1 aria-checked:ring-brand-300"
            >
              <Iconify icon={choice.icon} className="size-4" />
            </button>
          ))}
          {icon && (
            <button
              type="button"
              onClick={() => {
                setPicking(false);
                void run({ styleId, icon: null });
              }}
              className="col-span-6 h-6 rounded text-[11px] text-gray-600 hover:bg-gray-100"
            >
              No icon
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The style's own preview (spec 001 §2: the preview is built from a page id or a style id): the canvas
 * shows the server's `_styles/<id>` page, sample components of the style's type taking it, and every
 * edit's answer re-renders it. Leaving the screen puts the page back, unless something else chose one.
 */
function useStylePreview(styleId: string) {
  const ctx = useActionContext();
  // After the site's first canvas: opening the site settles its page first, which would undo this one.
  const ready = useEditor((s) => s.site !== null && s.preview !== null);
  const shown = useRef<{ page: string; previous: string } | null>(null);
  useEffect(() => {
    if (!ready || shown.current) return;
    const s = ctx.store.getState();
    const page = `_styles/${styleId}`;
    shown.current = { page, previous: s.pageId.startsWith('_styles/') ? 'home' : s.pageId };
    s.setPage(page);
  }, [ctx, styleId, ready]);
  useEffect(
    () => () => {
      const now = ctx.store.getState();
      if (shown.current && now.pageId === shown.current.page) now.setPage(shown.current.previous);
    },
    [ctx],
  );
}

/** The design-styles screen: one shared style, who uses it, its settings as class chips, default and delete. */
export function StyleScreen({ styleId }: { styleId: string }) {
  const loaded = useEditor((s) => s.site !== null);
  const style = useEditor((s) => s.site?.style?.shared[styleId]);
  const siteId = useEditor((s) => s.siteId);
  const navigate = useNavigate();
  const makeDefault = useAction(makeDefaultSharedStyle);
  const remove = useAction(deleteSharedStyle);
  const base = `/sites/${encodeURIComponent(siteId)}`;
  useStylePreview(styleId);

  if (!loaded) return <PanelSkeleton />;
  if (!style)
    return (
      <div className="p-4 text-[13px]" role="alert">
        <h2 className="font-semibold text-gray-900">Style not found</h2>
        <p className="mt-1 text-gray-600">It was deleted, or this site has no shared style of that name.</p>
        <Link to={`${base}/design-theme`} className="mt-3 inline-block text-brand-700 hover:underline">
          Back to the theme
        </Link>
      </div>
    );

  const settings = Object.entries(style.style);
  return (
    <div>
      <div className="border-b border-gray-200 px-3 py-2">
        <StyleTitle styleId={styleId} name={style.name} icon={style.icon} isDefault={style.default} />
        <p className="mt-0.5 text-[11px] text-gray-500">
          Shared style · <span className="font-mono">{style.id}</span> · for {style.type} components
        </p>
        <div className="mt-2 flex gap-1.5">
          <button
            type="button"
            disabled={!makeDefault.enabled || style.default}
            onClick={() => void makeDefault.run({ styleId })}
            title={style.default ? `Already the default for ${style.type} components` : `New ${style.type} components take this style`}
            className={`${buttonClass} bg-white text-gray-700 ring-gray-200 hover:bg-gray-50`}
          >
            Make default
          </button>
          <button
            type="button"
            disabled={!remove.enabled}
            onClick={() => void remove.run({ styleId, onDeleted: () => void navigate(`${base}/design-theme`, { replace: true }) })}
            className={`${buttonClass} bg-white text-red-700 ring-red-200 hover:bg-red-50`}
          >
            Delete
          </button>
        </div>
      </div>
      <UsedBy styleId={styleId} />
      <section aria-labelledby="shared-style-settings">
        <h3
          id="shared-style-settings"
          className="flex h-8 items-center px-3 text-[11px] font-semibold tracking-wide text-gray-500 uppercase"
        >
          Settings
        </h3>
        {settings.length === 0 && <p className="px-3 pb-2 text-[12px] text-gray-500">This style has no settings yet.</p>}
        {settings.map(([setting, value]) => (
          <SettingClasses key={setting} styleId={styleId} setting={setting} value={value} />
        ))}
        <AddSetting styleId={styleId} taken={settings.map(([s]) => s)} />
      </section>
    </div>
  );
}
