import { useId, useState, type KeyboardEvent } from 'react';
import { useAction } from '../../site/actions/useAction.ts';
import { inputClass, Row, Segmented, Select } from '../design/controls.tsx';
import { useEditor } from '../../site/store/context.tsx';
import type { Node } from '../../site/store/document.ts';
import { setComponentData } from './actions.ts';
import { ItemPicker } from './ItemPicker.tsx';
import { useCollections } from './collections.ts';
import { cmsRepeatOptions } from '../inspector/groups.ts';
import type { DataSetting } from '../inspector/schema.ts';
import {
  changeFilterField,
  changeFilterType,
  changeItem,
  changeItemCollection,
  changeRepeatCollection,
  changeSortField,
  changes,
  dataSourceOf,
  fieldName,
  filterChoices,
  modeOf,
  orderingFields,
  pickerCollections,
  switchMode,
  visibleControls,
  type BindingMode,
  type Collection,
  type DataPatch,
  type FilterType,
} from './state.ts';

const MODES: ReadonlyArray<{ value: BindingMode; label: string }> = [
  { value: 'none', label: 'None' },
  { value: 'item', label: 'Item' },
  { value: 'repeat', label: 'Repeat' },
];
const OPTIONS = cmsRepeatOptions;
const PATTERNS = [
  { value: 'text', label: 'Text' },
  { value: 'regex', label: 'Regex' },
] as const;

export interface CmsBindingGroupProps {
  siteId: string;
  componentId: string;
  node: Node;
  /**
   * Saves a data patch (keys to write, null removing one) as one edit. Without it the group saves
   * through the `setComponentData` action itself.
   */
  onChange?: (patch: DataPatch) => void;
  /** Whether the group may edit (a locked collaborator's panel is read-only). */
  disabled?: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : []);

/**
 * The CMS group of the inspector (spec 001 §3 "CMS group", §4 "CMS data source mode"): a component
 * shows one item of a collection, or repeats its children once per item with sort, filter, offset,
 * length, duplicate and shuffle. Each change is one edit whose preview the canvas shows at once.
 */
export function CmsBindingGroup({ siteId, componentId, node, onChange, disabled }: CmsBindingGroupProps) {
  const { run, enabled } = useAction(setComponentData);
  const language = useEditor((s) => s.language);
  const collections = useCollections(siteId);
  const data = node.data;
  // Item mode with nothing to pick still shows as item until the user leaves it.
  const [chosen, setChosen] = useState<{ id: string; mode: BindingMode } | null>(null);
  const stored = modeOf(data);
  const mode = chosen && chosen.id === componentId && stored === 'none' ? chosen.mode : stored;
  const locked = disabled ?? !enabled;

  const save = (patch: DataPatch) => {
    if (Object.keys(patch).length === 0) return;
    if (onChange) onChange(patch);
    else void run({ id: componentId, patch });
  };

  const all = collections ?? [];
  const offered = pickerCollections(all);
  const findCollection = (id: string) => all.find((c) => c.id === id);

  return (
    <div role="group" aria-label="CMS data source" className="flex flex-col gap-1.5">
      <Row label="Data source" stacked>
        <Segmented
          label="Data source"
          options={MODES}
          value={mode}
          disabled={locked || collections === null}
          onChange={(next) => {
            setChosen({ id: componentId, mode: next });
            save(switchMode(data, next, all));
          }}
        />
      </Row>
      {collections !== null && mode !== 'none' && offered.length === 0 && (
        <p className="text-[12px] text-gray-500">This site has no collections yet. Add one in the CMS.</p>
      )}
      {mode === 'item' && offered.length > 0 && (
        <ItemSource siteId={siteId} data={data} offered={offered} find={findCollection} language={language} disabled={locked} save={save} />
      )}
      {mode === 'repeat' && offered.length > 0 && (
        <RepeatSource data={data} offered={offered} find={findCollection} language={language} disabled={locked} save={save} />
      )}
    </div>
  );
}

/** Options for a collection select; one the pickers hide (an internal source) shows when it is the value. */
function collectionOptions(offered: readonly Collection[], current: string) {
  const options = offered.map((c) => ({ value: c.id, label: c.name }));
  if (current && !offered.some((c) => c.id === current)) options.unshift({ value: current, label: current });
  return options;
}

/** The collection a source reads, of those the page offers (the one chosen stays listed when it is no longer offered). */
function CollectionRow({
  id,
  collectionId,
  source: { offered, find, disabled },
  onPick,
}: {
  id: string;
  collectionId: string;
  source: Pick<SourceProps, 'offered' | 'find' | 'disabled'>;
  onPick(target: Collection): void;
}) {
  return (
    <Row label="Collection" htmlFor={id}>
      <Select
        id={id}
        value={collectionId}
        options={collectionOptions(offered, collectionId)}
        disabled={disabled}
        onChange={(next) => {
          const target = find(next);
          if (target) onPick(target);
        }}
      />
    </Row>
  );
}

interface SourceProps {
  data: Record<string, unknown>;
  offered: readonly Collection[];
  find: (id: string) => Collection | undefined;
  language: string;
  disabled: boolean;
  save: (patch: DataPatch) => void;
}

function ItemSource(props: SourceProps & { siteId: string }) {
  const { siteId, data, find, language, disabled, save } = props;
  const id = useId();
  const source = dataSourceOf(data);
  const collectionId = source?.collectionId ?? '';
  const collection = find(collectionId);
  const items = collection?.items ?? [];
  return (
    <>
      <CollectionRow
        id={`${id}-collection`}
        collectionId={collectionId}
        source={props}
        onPick={(target) => save(changeItemCollection(data, target))}
      />
      <Row label="Item">
        {!collection || items.length === 0 ? (
          <span className="text-[12px] text-gray-500">No items</span>
        ) : (
          // Searched and paged on the server: a collection may hold thousands of items.
          <ItemPicker
            siteId={siteId}
            collection={collection}
            itemId={source?.itemId ?? null}
            language={language}
            disabled={disabled}
            onPick={(next) => save(changeItem(data, collectionId, next))}
          />
        )}
      </Row>
    </>
  );
}

function RepeatSource(props: SourceProps) {
  const { data, find, language, disabled, save } = props;
  const id = useId();
  const collectionId = text(data._repeat);
  const collection = find(collectionId);
  const fields = orderingFields(collection).map((f) => ({ value: f.id, label: fieldName(f, language) }));
  const shown = visibleControls(data);
  const sortBy = text(data['_options.sortBy']);
  const filterField = text(data['_options.filterField']);
  const choices = filterChoices(collection, filterField, language);
  const values = list(data['_options.filter']);
  const setValues = (next: string[]) => save(changes(data, { '_options.filter': next.length ? next : null }));
  return (
    <>
      <CollectionRow
        id={`${id}-collection`}
        collectionId={collectionId}
        source={props}
        onPick={(target) => save(changeRepeatCollection(data, target))}
      />
      <Row label="Sort by" htmlFor={`${id}-sort`}>
        <Select
          id={`${id}-sort`}
          value={sortBy}
          options={[{ value: '', label: 'Collection order' }, ...fields]}
          disabled={disabled}
          onChange={(next) => save(changeSortField(data, next || null))}
        />
      </Row>
      {shown.sortOrder && <OptionRow id={id} setting={OPTIONS.sortOrder} data={data} disabled={disabled} save={save} />}
      <Row label="Filter by" htmlFor={`${id}-filter-field`}>
        <Select
          id={`${id}-filter-field`}
          value={filterField}
          options={[{ value: '', label: 'No filter' }, ...fields]}
          disabled={disabled}
          onChange={(next) => save(changeFilterField(data, next || null))}
        />
      </Row>
      {shown.filterType && (
        <OptionRow
          id={id}
          setting={OPTIONS.filterType}
          data={data}
          disabled={disabled}
          save={save}
          onPick={(next) => save(changeFilterType(data, next as FilterType))}
        />
      )}
      {shown.filterInput &&
        (choices ? (
          <PickList label="Filter values" choices={choices} values={values} disabled={disabled} onChange={setValues} />
        ) : (
          <>
            <FreeList label="Filter values" values={values} disabled={disabled} onChange={setValues} />
            <Row label="Filter pattern">
              <Segmented
                label="Filter pattern"
                options={PATTERNS}
                value={data['_options.filterPattern'] === 'regex' ? 'regex' : 'text'}
                disabled={disabled}
                onChange={(next) => save(changes(data, { '_options.filterPattern': next === 'text' ? null : next }))}
              />
            </Row>
          </>
        ))}
      {[OPTIONS.offset, OPTIONS.length, OPTIONS.duplicate, OPTIONS.shuffle].map((setting) => (
        <OptionRow key={setting.id} id={id} setting={setting} data={data} disabled={disabled} save={save} />
      ))}
    </>
  );
}

/**
 * One option row of the repeat, drawn from its configuration (`cmsRepeatOptions` in
 * ../inspector/groups.ts): a select of its options, or a checkbox for an on/off option. A value equal
 * to the setting's default is stored as no key; a numeric option is stored as a number.
 */
function OptionRow({
  id,
  setting,
  data,
  disabled,
  save,
  onPick,
}: {
  id: string;
  setting: DataSetting;
  data: Record<string, unknown>;
  disabled: boolean;
  save: (patch: DataPatch) => void;
  /** What a pick changes, where it changes more than its own key. */
  onPick?: (value: string) => void;
}) {
  const stored = data[setting.key];
  const fallback = setting.default;
  const control = setting.control;
  if (control.kind === 'toggle')
    return (
      <label className="flex h-7 items-center gap-2 text-[12px] text-gray-700">
        <input
          type="checkbox"
          className="size-3.5 accent-brand-600"
          checked={stored === control.on || String(stored) === String(control.on)}
          disabled={disabled}
          onChange={(e) => save(changes(data, { [setting.key]: e.target.checked ? control.on : control.off }))}
        />
        {setting.label}
      </label>
    );
  if (control.kind !== 'select') return null;
  const value =
    typeof fallback === 'number'
      ? String(typeof stored === 'number' ? stored : Number(stored) || fallback)
      : text(stored) || String(fallback ?? '');
  const pick = (next: string) =>
    save(changes(data, { [setting.key]: next === String(fallback) ? null : typeof fallback === 'number' ? Number(next) : next }));
  return (
    <Row label={setting.label} htmlFor={`${id}-${setting.id}`}>
      <Select id={`${id}-${setting.id}`} value={value} options={control.options} disabled={disabled} onChange={onPick ?? pick} />
    </Row>
  );
}

/** The values of an enum, a small slug collection or a list field, each a checkbox. */
function PickList({
  label,
  choices,
  values,
  disabled,
  onChange,
}: {
  label: string;
  choices: readonly string[];
  values: readonly string[];
  disabled: boolean;
  onChange: (values: string[]) => void;
}) {
  return (
    <fieldset className="rounded border border-gray-200 px-2 py-1.5">
      <legend className="px-1 text-[11px] text-gray-600">{label}</legend>
      {choices.length === 0 && <p className="text-[12px] text-gray-500">No values yet</p>}
      <div className="flex max-h-40 flex-col overflow-y-auto">
        {choices.map((choice) => (
          <label key={choice} className="flex h-6 items-center gap-2 text-[12px] text-gray-800">
            <input
              type="checkbox"
              className="size-3.5 accent-brand-600"
              checked={values.includes(choice)}
              disabled={disabled}
              onChange={(e) => onChange(e.target.checked ? [...values, choice] : values.filter((v) => v !== choice))}
            />
            <span className="truncate">{choice}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Any values, typed one at a time (Enter adds, Backspace in an empty box takes the last back). */
function FreeList({
  label,
  values,
  disabled,
  onChange,
}: {
  label: string;
  values: readonly string[];
  disabled: boolean;
  onChange: (values: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const id = useId();
  const add = () => {
    const value = draft.trim();
    if (!value) return;
    setDraft('');
    if (!values.includes(value)) onChange([...values, value]);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && draft === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <div>
      <label htmlFor={id} className="text-[11px] text-gray-600">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-1">
        {values.map((value) => (
          <span key={value} className="flex h-6 items-center gap-1 rounded bg-gray-100 pr-0.5 pl-1.5 text-[12px] text-gray-800">
            {value}
            <button
              type="button"
              aria-label={`Remove ${value}`}
              disabled={disabled}
              onClick={() => onChange(values.filter((v) => v !== value))}
              className="flex size-5 items-center justify-center rounded text-gray-500 hover:bg-gray-200 hover:text-gray-900"
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <input
        id={id}
        value={draft}
        disabled={disabled}
        placeholder="Add a value and press Enter"
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        className={`${inputClass} mt-1`}
      />
    </div>
  );
}
