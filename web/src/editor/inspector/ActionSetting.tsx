import { useEffect, useMemo, useState } from 'react';
import { messages } from '../../lib/messages.ts';
import { useEditor } from '../../site/store/context.tsx';
import { currentSections } from '../../site/store/store.ts';
import type { Node } from '../../site/store/document.ts';
import { boundField, menuLinkTargets } from './menuPages.ts';
import { CommitInput, Pills, Select } from './controls.tsx';
import { createAsyncValidator } from './formValues.ts';
import {
  ACTION_TYPES,
  changeActionType,
  choosePageTarget,
  hasScrollTargets,
  scrollTargetsOf,
  type ActionType,
  type Patch,
} from './rules.ts';
import { Row } from './Row.tsx';
import { ItemPicker } from '../binding/ItemPicker.tsx';
import { useCollections } from '../binding/collections.ts';
import { HAS_PICKER, MediaSlot } from './registry.tsx';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The ids of a page's components, sections first, depth first. */
function pageIds(sections: readonly string[], nodes: ReadonlyMap<string, Node>): string[] {
  const out: string[] = [];
  const stack = [...sections].reverse();
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    const node = nodes.get(id);
    if (node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

/** What a URL, e-mail or phone target must look like; checked 500 ms after typing stops (spec 001 §5). */
async function checkTarget(type: ActionType, value: string): Promise<string | null> {
  if (!value) return null;
  if (type === 'url' && !/^(https?:\/\/|\/|#|mailto:|tel:)/i.test(value)) return 'Enter an address starting with https://, / or #';
  if (type === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value.replace(/^mailto:/, ''))) return 'Enter an e-mail address';
  if (type === 'phone' && !/^\+?[\d\s().-]{3,}$/.test(value.replace(/^tel:/, ''))) return 'Enter a phone number';
  return null;
}

/**
 * The Action group (spec 001 §4 "Action setting"): the action type and its target, a page, a scroll
 * target on this page ('No scroll targets' when it has no anchors), a file, a URL, an e-mail address
 * or a phone number; changing the type resets the target as the spec says.
 */
export function ActionSetting({ node, disabled, onPatch }: { node: Node; disabled: boolean; onPatch(patch: Patch): void }) {
  const pages = useEditor((s) => s.pages);
  const nodes = useEditor((s) => s.nodes);
  const sections = useEditor((s) => currentSections(s));
  const data = useMemo(() => new Map(Object.entries(node.data)), [node.data]);
  const type = (text(node.data._action) || (node.data._target ? 'url' : 'none')) as ActionType;
  const target = text(node.data._target);
  const scrollTargets = useMemo(() => scrollTargetsOf(pageIds(sections, nodes), (id) => nodes.get(id)?.data), [sections, nodes]);
  const [check, setCheck] = useState<{ validating: boolean; error: string | null }>({ validating: false, error: null });
  const [validator] = useState(() =>
    createAsyncValidator<{ type: ActionType; value: string }>((v) => checkTarget(v.type, v.value), setCheck),
  );
  useEffect(() => () => validator.cancel(), [validator]);
  const set = (key: string, value: unknown) => onPatch(new Map([[key, value]]));
  // A menu's link goes to each page of the menu in turn: its target is bound, not one page.
  const boundTarget = boundField(node.data._target) !== null;
  const linkTargets = useMemo(() => {
    if (!boundTarget) return '';
    const parents: Node[] = [];
    for (let child = node.id; ;) {
      const parent = [...nodes].find(([, n]) => n.children.includes(child));
      if (!parent) break;
      parents.push(parent[1]);
      child = parent[0];
    }
    return menuLinkTargets(parents, pages);
  }, [boundTarget, node.id, nodes, pages]);
  const id = `action-${node.id}`;
  const siteId = useEditor((s) => s.siteId);
  const language = useEditor((s) => s.language);
  const [fileAnchor, setFileAnchor] = useState<HTMLButtonElement | null>(null);
  const [fileOpen, setFileOpen] = useState(false);
  // A collection page (its address holds :slug) is reached for one item: which one is `_params.slug`.
  const targetPage = type === 'page' && !boundTarget ? pages.find((p) => p.id === (target || 'home')) : undefined;
  const itemPage =
    targetPage?.content && (targetPage.id.includes(':slug') || JSON.stringify(targetPage.slug).includes(':slug')) ? targetPage : undefined;
  const params = node.data._params;
  const slugParam =
    typeof params === 'string' ? params : params && typeof params === 'object' ? text((params as Record<string, unknown>).slug) : '';

  return (
    <>
      <Row label="Action" htmlFor={`${id}-type`}>
        <Select
          id={`${id}-type`}
          label="Action"
          placeholder="None"
          disabled={disabled}
          options={ACTION_TYPES.filter((a) => a.value !== 'none')}
          value={type === 'none' ? '' : type}
          onPick={(v) => onPatch(changeActionType(data, (v || 'none') as ActionType, { scrollTargets, files: [] }))}
        />
      </Row>
      {type === 'page' && boundTarget && (
        <Row label="Page" htmlFor={`${id}-page`}>
          <output id={`${id}-page`} className="min-w-0 flex-1 truncate text-[12px] text-gray-700" title={linkTargets}>
            Each of {linkTargets}
          </output>
        </Row>
      )}
      {type === 'page' && !boundTarget && (
        <Row label="Page" htmlFor={`${id}-page`}>
          <Select
            id={`${id}-page`}
            label="Page"
            placeholder="Home"
            disabled={disabled}
            options={pages.filter((p) => !p.id.startsWith('_')).map((p) => ({ value: p.id, label: p.name || p.id }))}
            value={target}
            onPick={(v) => onPatch(choosePageTarget(v || 'home', null))}
          />
        </Row>
      )}
      {itemPage?.content && (
        <Row label="Item">
          <PageItem
            siteId={siteId}
            collectionId={itemPage.content}
            itemId={slugParam || null}
            language={language}
            disabled={disabled}
            onPick={(itemId) => set('_params', { slug: itemId })}
          />
        </Row>
      )}
      {type === 'scroll' && (
        <Row label="Scroll to" htmlFor={`${id}-scroll`}>
          {hasScrollTargets({ scrollTargets }) ? (
            <Select
              id={`${id}-scroll`}
              label="Scroll to"
              disabled={disabled}
              options={scrollTargets.map((t) => ({ value: t, label: `#${t}` }))}
              value={target}
              onPick={(v) => set('_target', v || null)}
            />
          ) : (
            <select
              id={`${id}-scroll`}
              aria-label="Scroll to"
              disabled
              className="h-[26px] w-full rounded border border-gray-200 bg-gray-50 px-1.5 text-[12px] text-gray-500"
            >
              <option>{messages.noScrollTargets}</option>
            </select>
          )}
        </Row>
      )}
      {type === 'scrollX' && (
        <Row label="Direction">
          <Pills
            id={`${id}-scrollx`}
            label="Direction"
            disabled={disabled}
            options={[
              { value: 'left', label: 'Left', icon: 'arrow-left' },
              { value: 'right', label: 'Right', icon: 'arrow-right' },
            ]}
            value={target}
            onPick={(v) => set('_target', v || 'left')}
          />
        </Row>
      )}
      {(type === 'file' || type === 'download' || type === 'url' || type === 'email' || type === 'phone') && (
        <Row
          label={{ file: 'File', download: 'File', url: 'URL', email: 'E-mail', phone: 'Phone' }[type]}
          htmlFor={`${id}-target`}
          error={check.error}
          errorId={`${id}-target-error`}
          validating={check.validating}
        >
          <CommitInput
            id={`${id}-target`}
            label={{ file: 'File', download: 'File', url: 'URL', email: 'E-mail', phone: 'Phone' }[type]}
            value={target}
            placeholder={
              { file: 'file name', download: 'file name', url: 'https://', email: 'name@example.com', phone: '+358 40 123 4567' }[type]
            }
            disabled={disabled}
            invalid={Boolean(check.error)}
            describedBy={`${id}-target-error`}
            onCommit={(v) => {
              validator.change({ type, value: v.trim() });
              set('_target', v.trim() || null);
            }}
          />
          {(type === 'file' || type === 'download') && (
            <button
              ref={setFileAnchor}
              type="button"
              aria-label="File: select file"
              title="Select file"
              disabled={disabled}
              onClick={() => setFileOpen(true)}
              className="ml-1 shrink-0 rounded border border-gray-200 px-1.5 py-0.5 text-[11px] text-gray-700 hover:bg-gray-50 disabled:opacity-50"
            >
              …
            </button>
          )}
          {fileOpen && HAS_PICKER.has('file') && (
            <MediaSlot
              kind="file"
              siteId={siteId}
              value={target || null}
              anchor={fileAnchor}
              onChange={(name) => {
                setFileOpen(false);
                set('_target', name);
              }}
              onClose={() => setFileOpen(false)}
            />
          )}
        </Row>
      )}
      {type === 'download' && (
        <Row label="Save as" htmlFor={`${id}-filename`}>
          <CommitInput
            id={`${id}-filename`}
            label="Save as"
            value={text(node.data._filename)}
            disabled={disabled}
            onCommit={(v) => set('_filename', v.trim() || null)}
          />
        </Row>
      )}
      {(type === 'page' || type === 'url' || type === 'file') && (
        <Row label="New tab">
          <input
            type="checkbox"
            aria-label="Open in a new tab"
            disabled={disabled}
            checked={node.data._blank === true}
            onChange={(e) => set('_blank', e.target.checked ? true : null)}
            className="size-3.5 accent-brand-600"
          />
        </Row>
      )}
    </>
  );
}

/** The item a link to a collection page opens: picked from the collection by its label (search, pages of 20). */
function PageItem({
  siteId,
  collectionId,
  itemId,
  language,
  disabled,
  onPick,
}: {
  siteId: string;
  collectionId: string;
  itemId: string | null;
  language: string;
  disabled: boolean;
  onPick(itemId: string): void;
}) {
  const collections = useCollections(siteId);
  const collection = collections?.find((c) => c.id === collectionId);
  if (!collection) return <span className="text-[11.5px] text-gray-500">{collections ? 'No such collection' : 'Loading…'}</span>;
  return <ItemPicker siteId={siteId} collection={collection} itemId={itemId} language={language} disabled={disabled} onPick={onPick} />;
}
