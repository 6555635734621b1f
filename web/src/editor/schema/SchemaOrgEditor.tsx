import { schemaOrgProperties } from '@pagewright/sdk/rules';
import { useEffect, useId, useMemo, useState } from 'react';
import { useAction } from '../../site/actions/useAction.ts';
import { CommitInput, inputClass } from '../design/controls.tsx';
import { MediaSlot } from '../inspector/registry.tsx';
import { useActionContext, useEditor } from '../../site/store/context.tsx';
import type { Node } from '../../site/store/document.ts';
import { saveSchemaOrg } from './actions.ts';
import { AddPropertyMenu } from './AddPropertyMenu.tsx';
import {
  addProperty,
  changeEntityType,
  changeValueType,
  isScalar,
  knownType,
  pretty,
  removeProperty,
  typeOfValue,
  valueTypes,
  type Entity,
  type Property,
  type Vocabulary,
} from './model.ts';
import { useVocabulary } from './vocabulary.ts';

/** What a Schema.org thing or blog component describes when it names no type. */
const IMPLIED: Partial<Record<string, string>> = { 'schemaOrg-thing': 'Thing', 'schemaOrg-blog': 'BlogPosting' };

/** The suggestions of every type input (one list for the panel). */
const TYPES_LIST = 'schema-org-types';

/** The component's description: its `value`, an object or its JSON text. */
function entityOf(value: unknown): Entity {
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Entity) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Entity) : {};
}

export interface SchemaOrgEditorProps {
  siteId: string;
  componentId: string;
  node: Node;
}

/**
 * The Schema.org editor (spec 001 §2 "{host}" panel, §3 "{host} entity", §4 "{host} editor"): an
 * Edit tab with the type and its typed properties, and a Preview tab showing the JSON-LD the page
 * publishes (fetched each time it opens). Every change is saved at once, one undo step each.
 */
export function SchemaOrgEditor({ siteId, componentId, node }: SchemaOrgEditorProps) {
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const { vocabulary, loading } = useVocabulary();
  const id = useId();
  return (
    <section aria-label="Schema.org" className="flex flex-col">
      <div role="tablist" aria-label="Schema.org" className="flex h-9 shrink-0 items-end gap-3 border-b border-gray-200 px-3">
        {(['edit', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}`}
            onClick={() => setTab(name)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const other = tab === 'edit' ? 'preview' : 'edit';
              setTab(other);
              document.getElementById(`${id}-${other}-tab`)?.focus();
            }}
            tabIndex={tab === name ? 0 : -1}
            className="-mb-px h-8 border-b-2 border-transparent px-0.5 text-[12px] text-gray-600 aria-selected:border-brand-600 aria-selected:font-medium aria-selected:text-gray-900"
          >
            {name === 'edit' ? 'Edit' : 'Preview'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}`} aria-labelledby={`${id}-${tab}-tab`} className="p-3">
        {tab === 'preview' ? (
          <JsonLdPreview siteId={siteId} componentId={componentId} />
        ) : vocabulary ? (
          <EditTab componentId={componentId} node={node} vocabulary={vocabulary} />
        ) : loading ? (
          <div className="flex animate-pulse flex-col gap-2" aria-hidden="true">
            <div className="h-7 rounded bg-gray-100" />
            <div className="h-7 rounded bg-gray-100" />
          </div>
        ) : (
          <p className="text-[12px] text-gray-600">The Schema.org vocabulary could not be loaded. Open this panel again to retry.</p>
        )}
      </div>
    </section>
  );
}

function EditTab({ componentId, node, vocabulary }: { componentId: string; node: Node; vocabulary: Vocabulary }) {
  const { run, enabled } = useAction(saveSchemaOrg);
  const [error, setError] = useState<string | null>(null);
  const entity = useMemo(() => entityOf(node.data.value), [node.data.value]);
  const implied = IMPLIED[node.type];
  const save = (json: Entity) => {
    setError(null);
    void run({ id: componentId, json, onInvalid: setError });
  };
  return (
    <div className="flex flex-col gap-2">
      {error && (
        <p role="alert" className="rounded bg-red-50 px-2 py-1.5 text-[12px] text-red-800">
          {error}
        </p>
      )}
      <EntityEditor vocabulary={vocabulary} entity={entity} implied={implied} disabled={!enabled} onChange={save} path="" />
      <datalist id={TYPES_LIST}>
        {vocabulary.types.map((t) => (
          <option key={t.id} value={t.id} />
        ))}
      </datalist>
    </div>
  );
}

/** One entity: its type, its properties, and the Add property menu; nested entities draw the same. */
function EntityEditor({
  vocabulary,
  entity,
  implied,
  disabled,
  onChange,
  path,
}: {
  vocabulary: Vocabulary;
  entity: Entity;
  implied?: string;
  disabled: boolean;
  onChange: (entity: Entity) => void;
  path: string;
}) {
  const typeId = useId();
  const type = typeof entity['@type'] === 'string' ? entity['@type'] : (implied ?? '');
  const [typeError, setTypeError] = useState<string | null>(null);
  const properties = useMemo(() => (type ? schemaOrgProperties(vocabulary, type) : []), [vocabulary, type]);
  const byId = useMemo(() => new Map(properties.map((p) => [p.id, p])), [properties]);
  const keys = Object.keys(entity).filter((k) => k !== '@type' && k !== '@id');
  const label = path ? `${path} type` : 'Type';
  return (
    <div className="flex flex-col gap-1.5">
      <div className="grid min-h-7 grid-cols-[84px_minmax(0,1fr)] items-center gap-2">
        <label htmlFor={typeId} className="text-[12px] text-gray-600">
          Type
        </label>
        <CommitInput
          id={typeId}
          label={label}
          list={TYPES_LIST}
          value={type}
          placeholder="e.g. Restaurant"
          disabled={disabled}
          error={typeError}
          errorId={`${typeId}-error`}
          onCommit={(next) => {
            if (!next && implied) {
              setTypeError(null);
              onChange(changeEntityType(vocabulary, entity, implied));
              return;
            }
            if (!knownType(vocabulary, next)) {
              setTypeError('Unknown Schema.org type');
              return;
            }
            setTypeError(null);
            onChange(changeEntityType(vocabulary, entity, next));
          }}
        />
      </div>
      <p
        id={`${typeId}-error`}
        role={typeError ? 'alert' : undefined}
        className={typeError ? 'pl-[92px] text-[11px] text-red-700' : 'sr-only'}
      >
        {typeError ?? ''}
      </p>
      {keys.map((key) => (
        <PropertyRow
          key={key}
          vocabulary={vocabulary}
          name={key}
          property={byId.get(key)}
          value={entity[key]}
          disabled={disabled}
          path={path ? `${path}.${key}` : key}
          onValue={(value) => onChange({ ...entity, [key]: value })}
          onType={(next) => onChange(changeValueType(entity, key, next))}
          onRemove={() => onChange(removeProperty(entity, key))}
        />
      ))}
      {type && (
        <AddPropertyMenu
          vocabulary={vocabulary}
          entity={entity}
          type={type}
          disabled={disabled}
          path={path}
          onAdd={(property: Property) => onChange(addProperty(entity, property))}
        />
      )}
    </div>
  );
}

function PropertyRow({
  vocabulary,
  name,
  property,
  value,
  disabled,
  path,
  onValue,
  onType,
  onRemove,
}: {
  vocabulary: Vocabulary;
  name: string;
  property: Property | undefined;
  value: unknown;
  disabled: boolean;
  path: string;
  onValue: (value: unknown) => void;
  onType: (type: string) => void;
  onRemove: () => void;
}) {
  const type = typeOfValue(value, property);
  const types = valueTypes(property);
  const options = types.includes(type) ? types : [type, ...types];
  const nested = !isScalar(type) && value && typeof value === 'object' && !Array.isArray(value);
  return (
    <div className="rounded border border-gray-200 bg-white">
      <div className="flex h-7 items-center gap-1 border-b border-gray-100 pr-1 pl-2">
        <span className="min-w-0 flex-1 truncate text-[12px] font-medium text-gray-800" title={path}>
          {name}
        </span>
        <select
          aria-label={`${path} value type`}
          value={type}
          disabled={disabled}
          onChange={(e) => onType(e.target.value)}
          className="h-6 max-w-[120px] rounded border-0 bg-transparent text-[11px] text-gray-600 hover:bg-gray-50"
        >
          {options.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <button
          type="button"
          aria-label={`Remove ${path}`}
          title="Remove"
          disabled={disabled}
          onClick={onRemove}
          className="flex size-6 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-900"
        >
          ×
        </button>
      </div>
      <div className="p-1.5">
        {nested ? (
          <div className="border-l-2 border-brand-100 pl-2">
            <EntityEditor vocabulary={vocabulary} entity={value as Entity} disabled={disabled} onChange={onValue} path={path} />
          </div>
        ) : (
          <ScalarInput type={type} value={value} label={path} disabled={disabled} onValue={onValue} />
        )}
      </div>
    </div>
  );
}

/** What a value's input gets: the value, its name (the property's path), and where a new value goes. */
interface ValueInputProps {
  value: unknown;
  label: string;
  disabled: boolean;
  onValue: (value: unknown) => void;
}

/** The input of a data type: text (Text, URL, Image, DateTime), a number, a date, a checkbox, or a list. */
function ScalarInput({ type, value, label, disabled, onValue }: ValueInputProps & { type: string }) {
  if (type === 'Boolean')
    return (
      <label className="flex h-6 items-center gap-2 text-[12px] text-gray-700">
        <input
          type="checkbox"
          aria-label={label}
          className="size-3.5 accent-brand-600"
          checked={value === true}
          disabled={disabled}
          onChange={(e) => onValue(e.target.checked)}
        />
        {value === true ? 'True' : 'False'}
      </label>
    );
  if (type === 'Date')
    return (
      <input
        type="date"
        aria-label={label}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        onChange={(e) => onValue(e.target.value)}
        className={inputClass}
      />
    );
  if (type === 'List') return <ListInput value={value} label={label} disabled={disabled} onValue={onValue} />;
  if (type === 'Image') return <ImageInput value={value} label={label} disabled={disabled} onValue={onValue} />;
  const numeric = type === 'Number' || type === 'Integer';
  return (
    <CommitInput
      label={label}
      value={value === undefined || value === null ? '' : String(value)}
      mono={type === 'URL' || type === 'DateTime'}
      placeholder={type}
      disabled={disabled}
      onCommit={(next) => {
        if (!numeric) return onValue(next);
        const n = type === 'Integer' ? Number.parseInt(next, 10) : Number(next);
        if (Number.isFinite(n)) onValue(n);
      }}
    />
  );
}

/**
 * An image: an asset name or URL typed, or chosen in the pickers' Select image (the site's assets,
 * stock photos, an upload or a URL), as the inspector's image rows do.
 */
function ImageInput({ value, label, disabled, onValue }: ValueInputProps) {
  const siteId = useEditor((s) => s.siteId);
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="flex min-w-0 items-center gap-1">
      <CommitInput
        label={label}
        value={text}
        className="min-w-0 flex-1"
        placeholder="Asset name or image URL"
        disabled={disabled}
        onCommit={onValue}
      />
      <button
        ref={setAnchor}
        type="button"
        aria-label={`${label}: select image`}
        title="Select image"
        disabled={disabled}
        onClick={() => setOpen(true)}
        className="shrink-0 rounded border border-gray-200 px-1.5 py-0.5 text-[11px] text-gray-700 hover:bg-gray-50 disabled:opacity-50"
      >
        …
      </button>
      {open && (
        <MediaSlot
          kind="image"
          siteId={siteId}
          value={text || null}
          anchor={anchor}
          onChange={(picked) => {
            setOpen(false);
            if (picked !== text) onValue(picked);
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

/** A list of text values, one a line, saved when the box is left. */
function ListInput({ value, label, disabled, onValue }: ValueInputProps) {
  const saved = (Array.isArray(value) ? value : [])
    .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : ''))
    .join('\n');
  const [draft, setDraft] = useState(saved);
  const [last, setLast] = useState(saved);
  if (saved !== last) {
    setLast(saved);
    setDraft(saved);
  }
  return (
    <textarea
      aria-label={label}
      value={draft}
      rows={3}
      disabled={disabled}
      placeholder="One value a line"
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        const next = draft
          .split('\n')
          .map((v) => v.trim())
          .filter(Boolean);
        if (next.join('\n') !== saved) onValue(next);
      }}
      className={`${inputClass} h-auto py-1`}
    />
  );
}

/** The Preview tab: the JSON-LD the compiled page carries, asked for each time the tab opens. */
function JsonLdPreview({ siteId, componentId }: { siteId: string; componentId: string }) {
  const { api, showError } = useActionContext();
  const [json, setJson] = useState<{ json: unknown } | null>(null);
  useEffect(() => {
    let live = true;
    void api.GET('/sites/{siteId}/schemaorg/{componentId}', { params: { path: { siteId, componentId } } }).then(({ data, error }) => {
      if (!live) return;
      if (error) showError(error);
      setJson(data ?? { json: null });
    });
    return () => {
      live = false;
    };
  }, [api, showError, siteId, componentId]);
  if (!json) return <div className="h-24 animate-pulse rounded bg-gray-100" aria-hidden="true" />;
  if (json.json === null) return <p className="text-[12px] text-gray-600">Nothing to publish yet: choose a type and add a property.</p>;
  return (
    <pre
      aria-label="JSON-LD"
      tabIndex={0}
      className="max-h-[60vh] overflow-auto rounded bg-gray-900 p-2.5 font-mono text-[11px] leading-relaxed whitespace-pre text-gray-100"
    >
      {pretty(json.json)}
    </pre>
  );
}
