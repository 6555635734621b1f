import { imageChange } from './imageAlt.ts';
import iconChevronDown from '@iconify-icons/lucide/chevron-down';
import iconChevronLeft from '@iconify-icons/lucide/chevron-left';
import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { cssColor, parseColorValue } from '../../ui/pickers/color.ts';
import type { ThemeColors } from '../../ui/pickers/ThemeShades.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { perform } from '../../site/actions/registry.ts';
import { CmsBindingGroup } from '../binding/index.ts';
import { useCollections } from '../binding/collections.ts';
import { SchemaOrgEditor } from '../schema/index.ts';
import { useActionContext, useEditor } from '../../site/store/context.tsx';
import { isSection, type Node } from '../../site/store/document.ts';
import { sharedStyleOf, warmStyle } from '../canvas/instantStyle.ts';
import { iframeEmbed } from './iframeEmbed.ts';
import { controlMatches, likelyUtilities, readControl, writeControl } from '../style/controls.ts';
import { probeOf, readMerged, replaceControl, styleLayers, takeControl, writeEffective } from '../style/effective.ts';
import { removeVariant, variantsOf } from '../style/value.ts';
import { ActionSetting } from './ActionSetting.tsx';
import { editComponentData, editComponentStyle, editVariant } from './actions.ts';
import { StyleInput } from './controls.tsx';
import { DataInput } from './DataInput.tsx';
import { FieldBinding } from '../binding/FieldBinding.tsx';
import { bindable } from '../binding/fields.ts';
import {
  changedValues,
  createFormValues,
  resetAllFormValues,
  setFormValue,
  showsRequired,
  undoFormValue,
  type FormValues,
} from './formValues.ts';
import { panelOf, tabsOf } from './panels.ts';
import { Row, type RowState } from './Row.tsx';
import { changeRenderFilterType, changeTableSource, type Patch } from './rules.ts';
import { VariantBar as VariantBarSlot } from './VariantBar.tsx';
import { TABS, type DataSetting, type GroupDef, type StyleSetting, type Tab } from './schema.ts';

/** What outlives one selection: the tab, closed groups, "show classes" and the style clipboard. */
export interface InspectorUi {
  tab: Tab;
  closed: ReadonlySet<string>;
  showClasses: boolean;
  clipboard: { row: string; classes: string | null } | null;
}
export const INITIAL_UI: InspectorUi = { tab: 'content', closed: new Set(), showClasses: false, clipboard: null };

/** How many groups a panel draws in its first frame (the one at the top; the rest a frame later). */
const FIRST_GROUPS = 1;

/** The variant a row edits: its dark rows put `dark:` before the variant being edited. */
const rowVariant = (row: StyleSetting, variant: string) => (row.dark ? (variant ? `dark:${variant}` : 'dark') : variant);

/**
 * The one generic inspector (DESIGN "The inspector is data-driven"): the selected component's panel
 * definition drawn as tabs (Content hidden where there is none), collapsible groups and rows; a child
 * drill-down in place of the tabs; the variant bar over style rows. Every change is one edit.
 */
export function Inspector({
  id,
  node,
  ui,
  setUi,
  scrolls,
}: {
  id: string;
  node: Node;
  ui: InspectorUi;
  setUi: Dispatch<SetStateAction<InspectorUi>>;
  /** Where each tab was scrolled to, kept across selections (EDITOR-UX: sidebars keep their scroll per tab). */
  scrolls: Map<string, number>;
}) {
  const ctx = useActionContext();
  const readOnly = useEditor((s) => s.readOnly);
  const variant = useEditor((s) => s.styleVariant);
  const siteId = useEditor((s) => s.siteId);
  const colors = useEditor((s) => s.site?.style?.theme.colors) as ThemeColors | undefined;
  const sharedStyles = useEditor((s) => s.site?.style?.shared);
  const panel = panelOf(isSection(id) ? 'layout-v' : node.type);
  const tabs = tabsOf(panel);
  const tab = tabs.has(ui.tab) ? ui.tab : (TABS.find((t) => tabs.has(t.id))?.id ?? 'layout');
  // Switching the selection clears the drill-down (the component is keyed by the selection).
  const [child, setChild] = useState<string | null>(null);
  const dataSettings = panel.groups.flatMap((g) => g.settings.filter((s): s is DataSetting => s.store === 'data'));
  const [form, setForm] = useState<FormValues>(() =>
    createFormValues(
      dataSettings
        .filter((s) => !['action', 'cms'].includes(s.control.kind))
        .map((s) => ({ name: s.key, value: node.data[s.key], required: s.control.kind === 'text' && s.control.mayBeEmpty === false })),
    ),
  );
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  // The groups in view first: the rest of a long tab renders right after, so a new selection's panel
  // shows within a frame (as the navigator renders only the rows in view).
  // A tab scrolled down shows its groups further down at once: all of them are drawn in the first frame.
  const [all, setAll] = useState(() => (scrolls.get(tab) ?? 0) > 0);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setAll(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  const drill = child ? panel.children?.find((c) => c.id === child) : undefined;
  const groups: readonly GroupDef[] = drill ? drill.groups : panel.groups.filter((g) => g.tab === tab);
  // Each tab (and part) keeps its scroll; restored once all its groups are drawn.
  const scroller = useRef<HTMLDivElement>(null);
  const scrollKey = drill ? `part:${drill.id}` : tab;
  useLayoutEffect(() => {
    if (all && scroller.current) scroller.current.scrollTop = scrolls.get(scrollKey) ?? 0;
  }, [all, scrollKey, scrolls]);
  const hasStyleRows = groups.some((g) => g.settings.some((s) => s.store === 'style'));
  const dataMap = useMemo(() => new Map(Object.entries(node.data)), [node.data]);
  const used = useMemo(() => {
    const keys = new Set<string>();
    for (const value of Object.values(node.style)) for (const v of variantsOf(value)) if (v) keys.add(v);
    return [...keys];
  }, [node.style]);
  const changed = changedValues(form);

  const styleEdit = (edits: Array<{ setting: string; value: string | null }>) => void perform(ctx, editComponentStyle, { id, edits });
  // A value counts as changed once the server took it (a refused edit leaves the form as it was).
  const dataEdit = (patch: Patch) =>
    void perform(ctx, editComponentData, {
      id,
      patch,
      done: (ok) =>
        ok &&
        setForm((f) => {
          let next = f;
          for (const [key, value] of patch) if (f.has(key)) next = setFormValue(next, key, value);
          return next;
        }),
    });
  const styleKey = (row: StyleSetting) => (drill ? `${drill.id}.${row.setting}` : row.setting);
  // The classes the style rows read: the node's own settings (a part's, for a part) and, for the node,
  // its shared style's and Classes', merged as the renderer merges them (@pagewright/sdk/classes).
  const drillId = drill?.id ?? null;
  const parts = (panel.children ?? []).map((c) => c.id).join(' ');
  const sharedStyle = sharedStyleOf(node, sharedStyles)?.style;
  const layers = styleLayers(node.style, { part: drillId, parts: parts ? parts.split(' ') : [], shared: sharedStyle });

  const renderStyleRow = (row: StyleSetting, groupId: string) => {
    const setting = styleKey(row);
    const { own, merged, mine } = layers;
    const matches = controlMatches(row.control);
    const probe = probeOf(row.control);
    const key = rowVariant(row, variant);
    // The effective value at the variant: its own class under any setting, the shared style's, or a narrower breakpoint's.
    const effective = readMerged(merged, mine, key, matches, probe);
    const state: RowState =
      effective.kind === 'set'
        ? { kind: 'set' }
        : effective.kind === 'inherited'
          ? { kind: 'inherited', from: effective.from }
          : { kind: 'default' };
    const shown = effective.kind === 'set' ? readControl(row.control, effective.utility ?? undefined) : '';
    const placeholder = effective.kind === 'inherited' ? readControl(row.control, effective.utility ?? undefined) : undefined;
    const rowKey = `${groupId}.${row.id}`;
    const inputId = `pw-${rowKey}`;
    const error = errors.get(rowKey);
    const swatchValue = shown || placeholder;
    const commit = (input: string) => {
      const result = writeControl(row.control, input);
      if ('error' in result) {
        setErrors((e) => new Map(e).set(rowKey, result.error));
        return;
      }
      setErrors((e) => {
        if (!e.has(rowKey)) return e;
        const next = new Map(e);
        next.delete(rowKey);
        return next;
      });
      const edits = writeEffective(own, setting, key, result.utility, matches, probe);
      if (edits.length) styleEdit(edits);
    };
    const warm = () => {
      if (!readOnly) warmStyle(likelyUtilities(row.control).map((u) => (key ? `${key}:${u}` : u)));
    };
    const copied = ui.clipboard?.row === row.id ? ui.clipboard : null;
    return (
      <Row
        key={rowKey}
        rowId={rowKey}
        label={row.label}
        htmlFor={inputId}
        state={state}
        error={error}
        errorId={`${inputId}-error`}
        menu={[
          {
            label: 'Reset',
            disabled: readOnly || !takeControl(own, matches),
            run: () => styleEdit(replaceControl(own, setting, matches, null)),
          },
          {
            label: 'Copy',
            disabled: !takeControl(own, matches),
            run: () => setUi((u) => ({ ...u, clipboard: { row: row.id, classes: takeControl(own, matches) } })),
          },
          {
            label: 'Paste',
            disabled: readOnly || !copied,
            run: () => copied && styleEdit(replaceControl(own, setting, matches, copied.classes)),
          },
        ]}
        below={
          ui.showClasses ? (
            <code className="mt-0.5 block truncate pl-[98px] font-mono text-[10px] text-gray-500" title={merged.join(' ')}>
              {takeControl(own, matches) ?? '—'}
            </code>
          ) : undefined
        }
      >
        {/* The rules of the values this control is about to set are asked for as it is approached. */}
        <div className="contents" onFocus={warm} onPointerEnter={warm}>
          <StyleInput
            id={inputId}
            label={row.label}
            control={row.control}
            value={shown}
            placeholder={placeholder}
            disabled={readOnly}
            colors={colors ?? {}}
            swatch={row.control.kind === 'colour' && swatchValue ? cssColor(parseColorValue(swatchValue), colors ?? {}) : undefined}
            onCommit={commit}
          />
        </div>
      </Row>
    );
  };

  const renderDataRow = (row: DataSetting, groupId: string) => {
    if (row.when && !row.when(dataMap)) return null;
    const rowKey = `${groupId}.${row.id}`;
    if (row.control.kind === 'action') return <ActionSetting key={rowKey} node={node} disabled={readOnly} onPatch={dataEdit} />;
    if (row.control.kind === 'cms')
      return <CmsBindingGroup key={rowKey} siteId={siteId} componentId={id} node={node} disabled={readOnly} />;
    // The {host} panel's content is the Schema.org editor (spec 001 §2, §4), which saves through PUT /schemaorg.
    if (row.control.kind === 'schemaOrg') return <SchemaOrgEditor key={rowKey} siteId={siteId} componentId={id} node={node} />;
    const inputId = `pw-${rowKey}`;
    const fv = form.get(row.key);
    const commit = (value: unknown, collections: readonly string[] = []) => {
      if (row.key === 'type' && panel.kind === 'table' && (value === 'inline' || value === 'file' || value === 'cms'))
        return dataEdit(changeTableSource(value, collections));
      if (row.key === '_options.renderType') return dataEdit(changeRenderFilterType(typeof value === 'string' ? value : ''));
      // Embed code pasted into an iframe's Address gives the address and the rows its tag names.
      const embed = panel.kind === 'iframe' && row.key === 'src' && typeof value === 'string' ? iframeEmbed(value) : null;
      if (embed) return dataEdit(embed);
      if (row.control.kind === 'image') {
        const { patch, told } = imageChange(node.data, row.key, value);
        if (told) ctx.notify(told);
        return dataEdit(patch);
      }
      dataEdit(new Map([[row.key, value]]));
    };
    const input = (
      <DataInputWithCollections
        needsCollections={panel.kind === 'table' && row.key === 'type'}
        siteId={siteId}
        setting={row}
        id={inputId}
        value={node.data[row.key]}
        disabled={readOnly}
        onCommit={(value, collections) => commit(value, collections)}
        onError={(message) =>
          setErrors((e) => {
            const next = new Map(e);
            if (message) next.set(rowKey, message);
            else next.delete(rowKey);
            return next;
          })
        }
      />
    );
    return (
      <Row
        key={rowKey}
        rowId={rowKey}
        label={row.label}
        htmlFor={inputId}
        state={node.data[row.key] !== undefined ? { kind: 'set' } : { kind: 'default' }}
        changed={Boolean(fv && fv.revision > 0 && changed.includes(fv))}
        required={fv ? showsRequired(fv) : false}
        error={errors.get(rowKey)}
        errorId={`${inputId}-error`}
        menu={[
          { label: 'Reset', disabled: readOnly || node.data[row.key] === undefined, run: () => commit(null) },
          {
            label: 'Undo change',
            disabled: readOnly || !fv || fv.earlier.length === 0,
            run: () => {
              const before = fv!.earlier.at(-1);
              setForm((f) => undoFormValue(f, row.key));
              void perform(ctx, editComponentData, { id, patch: new Map([[row.key, before ?? null]]) });
            },
          },
        ]}
      >
        {bindable(row) ? (
          <FieldBinding row={row} componentId={id} value={node.data[row.key]} disabled={readOnly} onCommit={(v) => commit(v)}>
            {input}
          </FieldBinding>
        ) : (
          input
        )}
      </Row>
    );
  };

  const removeVariantEverywhere = (v: string) => {
    const edits = Object.entries(node.style)
      .filter(([, value]) => variantsOf(value).includes(v))
      .map(([setting, value]) => ({ setting, value: removeVariant(value, v) }));
    if (edits.length) styleEdit(edits);
    if (variant === v) void perform(ctx, editVariant, { variant: '' });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-inspector={panel.kind}>
      {drill ? (
        <div className="flex h-9 shrink-0 items-center gap-1 border-b border-gray-200 px-2">
          <button
            type="button"
            onClick={() => setChild(null)}
            className="flex h-6 items-center gap-0.5 rounded px-1 text-[12px] text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <Iconify icon={iconChevronLeft} className="size-3.5" />
            {panel.label}
          </button>
          <span className="text-[12px] font-medium text-gray-900">/ {drill.label}</span>
        </div>
      ) : (
        <div role="tablist" aria-label="Inspector tabs" className="flex h-9 shrink-0 items-end border-b border-gray-200 px-1">
          {TABS.filter((t) => tabs.has(t.id)).map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`inspector-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="inspector-tabpanel"
              onClick={() => setUi((u) => ({ ...u, tab: t.id }))}
              className="-mb-px h-8 min-w-0 flex-1 truncate border-b-2 border-transparent px-0.5 text-[11px] text-gray-600 hover:text-gray-900 aria-selected:border-brand-600 aria-selected:font-medium aria-selected:text-gray-900"
            >
              {t.label}
            </button>
          ))}
        </div>
      )}
      {!drill && panel.children && (
        <div className="flex shrink-0 flex-wrap items-center gap-1 border-b border-gray-100 px-3 py-1.5" aria-label="Parts" role="group">
          <span className="mr-1 text-[11px] text-gray-500">Parts</span>
          {panel.children.map((c) => (
            <button
              key={c.id}
              type="button"
              onClick={() => setChild(c.id)}
              className="h-5 rounded bg-gray-100 px-1.5 text-[11px] text-gray-700 hover:bg-gray-200"
            >
              {c.label}
            </button>
          ))}
        </div>
      )}
      {hasStyleRows && (
        <VariantBarSlot
          variant={variant}
          used={used}
          disabled={readOnly}
          onPick={(v) => void perform(ctx, editVariant, { variant: v })}
          onRemove={removeVariantEverywhere}
        />
      )}
      <div className="flex h-7 shrink-0 items-center justify-end gap-2 px-3 text-[11px]">
        {changed.length > 0 && (
          <button
            type="button"
            disabled={readOnly}
            onClick={() => {
              const patch: Patch = new Map(changed.map((v) => [v.name, v.initial ?? null]));
              setForm((f) => resetAllFormValues(f));
              void perform(ctx, editComponentData, { id, patch });
            }}
            className="rounded px-1.5 text-brand-700 hover:bg-brand-50"
          >
            Reset all
          </button>
        )}
        {hasStyleRows && (
          <button
            type="button"
            aria-pressed={ui.showClasses}
            onClick={() => setUi((u) => ({ ...u, showClasses: !u.showClasses }))}
            className="rounded px-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900 aria-pressed:text-brand-700"
          >
            Show classes
          </button>
        )}
      </div>
      <div
        id="inspector-tabpanel"
        ref={scroller}
        role={drill ? undefined : 'tabpanel'}
        aria-labelledby={drill ? undefined : `inspector-tab-${tab}`}
        // Positioned, so the rows' screen-reader texts (absolute) stay inside it, not the page.
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain"
        onScroll={(e) => {
          if (all) scrolls.set(scrollKey, e.currentTarget.scrollTop);
        }}
      >
        {(all ? groups : groups.slice(0, FIRST_GROUPS)).map((group) => {
          const open = !ui.closed.has(group.id);
          return (
            <section key={group.id} aria-label={group.title} className="border-b border-gray-200" data-group={group.id}>
              <h3>
                <button
                  type="button"
                  aria-expanded={open}
                  onClick={() =>
                    setUi((u) => {
                      const closed = new Set(u.closed);
                      if (open) closed.add(group.id);
                      else closed.delete(group.id);
                      return { ...u, closed };
                    })
                  }
                  className="flex h-8 w-full items-center justify-between px-3 text-[11px] font-semibold tracking-wide text-gray-700 uppercase hover:bg-gray-50"
                >
                  {group.title}
                  <Iconify icon={iconChevronDown} className={`size-3.5 text-gray-400 transition-transform ${open ? '' : '-rotate-90'}`} />
                </button>
              </h3>
              {open && (
                <div className="flex flex-col gap-1 px-3 pb-2.5">
                  {group.settings.map((row) => (row.store === 'style' ? renderStyleRow(row, group.id) : renderDataRow(row, group.id)))}
                </div>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** A data input; the table's source also loads the site's collections, as choosing cms picks the first (spec 001 §4). */
function DataInputWithCollections({
  needsCollections,
  siteId,
  onCommit,
  ...props
}: Omit<Parameters<typeof DataInput>[0], 'onCommit'> & {
  needsCollections: boolean;
  siteId: string;
  onCommit(value: unknown, collections?: readonly string[]): void;
}) {
  if (!needsCollections) return <DataInput {...props} onCommit={(v) => onCommit(v)} />;
  return <WithCollections siteId={siteId} render={(ids) => <DataInput {...props} onCommit={(v) => onCommit(v, ids)} />} />;
}

function WithCollections({ siteId, render }: { siteId: string; render(ids: readonly string[]): ReactNode }) {
  const collections = useCollections(siteId);
  return <>{render((collections ?? []).map((c) => c.id))}</>;
}
