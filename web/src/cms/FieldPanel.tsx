import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Schemas } from '@pagewright/sdk';
import { messages } from '../lib/messages.ts';
import { INPUT, Row, Toggle } from '../ui/form/controls.tsx';
import { InputField } from '../ui/form/InputField.tsx';
import { SidePanel, useCloseUnsaved } from '../ui/SidePanel.tsx';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { FieldInput } from './fields/FieldInput.tsx';
import { ListInput } from './fields/ListInput.tsx';
import { useCms } from './store.ts';
import {
  ADD_CATEGORY,
  FIELD_NAME,
  FIELD_TYPES,
  LOCALIZABLE_TYPES,
  VCARD_KEYS,
  canBeRequired,
  categoriesOf,
  fieldTitle,
  inLanguage,
  typeChanges,
  typeLabel,
  type CmsCollection,
  type Field,
  type FieldType,
} from './values.ts';
import type { PanelWrites } from './writes.ts';
import { atField, useSubmit } from '../ui/useSubmit.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** Types whose default value is set here: every type but a vCard (made from other fields) and a gallery. */
const DEFAULT_TYPES = new Set<string>(FIELD_TYPES.filter((t) => t !== 'vcard' && t !== 'gallery'));

/**
 * fields/create and fields/{fieldId}: name (the key), type (on edit only the allowed changes, hidden
 * when there are none), title, placeholder, categories for a Category field, the required,
 * localizable and hidden flags where spec 002 §5 offers them, a vCard's settings, and the default value
 * a new item starts with (spec 002 §3 `default`), edited with the field type's own input.
 */
export function FieldPanel({
  collection,
  field,
  main,
  languages,
  onClose,
  types: allowed = FIELD_TYPES,
  writes,
}: {
  collection: CmsCollection;
  field: Field | null;
  main: string;
  languages: readonly string[];
  onClose(): void;
  /** The field types offered (a legal collection allows a few); every type unless given. */
  types?: readonly FieldType[];
  /** Where the panel saves; the CMS screen's store unless given. */
  writes?: PanelWrites;
}) {
  const siteId = useCms((s) => s.siteId);
  const cms = useCms(useShallow((s) => ({ saveField: s.saveField, deleteField: s.deleteField })));
  const { saveField, deleteField } = writes ?? cms;
  const confirmDanger = useStore((s) => s.confirmDanger);
  const [name, setName] = useState(field?.id ?? '');
  const [type, setType] = useState<string>(field?.type ?? 'text');
  const [title, setTitle] = useState(field ? fieldTitle(field, main) : '');
  const [placeholder, setPlaceholder] = useState(field ? str(inLanguage(field.placeholder, main, main)) : '');
  const [options, setOptions] = useState<string[]>(field ? categoriesOf(field) : []);
  const [required, setRequired] = useState(field?.required === true);
  const [localizable, setLocalizable] = useState(field?.localizable === true);
  const [hidden, setHidden] = useState(field?.hidden === true);
  const [vcard, setVcard] = useState(() => new Map<string, string>(Object.entries(field?.json ?? {})));
  // The value a new item starts with (spec 002 §3 `default`); a new type starts without one.
  const [defaultValue, setDefaultValue] = useState<{ type: string; value: unknown }>({
    type: field?.type ?? 'text',
    value: field?.default,
  });
  const { busy, errors, fail, clear, submit } = useSubmit<'name' | 'options' | 'json' | 'default' | 'other'>();
  const [dirty, setDirty] = useState(false);
  const touch =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setDirty(true);
      clear();
    };

  const types: readonly string[] = field ? [field.type, ...typeChanges(field.type).filter((t) => allowed.includes(t))] : allowed;
  const visible = collection.fields.filter((f) => !f.hidden).length;
  const lastVisible = !hidden && visible <= 1 && field !== null && !field.hidden;
  const offerLocalizable = languages.length > 1 && LOCALIZABLE_TYPES.includes(type);
  const others = collection.fields.filter((f) => f.id !== field?.id && f.type !== 'vcard');
  const currentDefault = defaultValue.type === type ? defaultValue.value : undefined;
  // The default is edited with the field's own input, as the item panel shows it; one value, any language.
  const defaultField: Field = {
    id: 'default',
    name: 'Default value',
    type,
    options: options.map((o) => o.trim()).filter(Boolean),
  };

  const close = useCloseUnsaved(dirty, onClose);

  async function save() {
    if (!name) return fail('name', messages.fieldNameRequired);
    if (!FIELD_NAME.test(name)) return fail('name', messages.fieldNameChars);
    if (name !== field?.id && collection.fields.some((f) => f.id === name)) return fail('name', messages.fieldNameUsed);
    const cleanOptions = options.map((o) => o.trim()).filter(Boolean);
    if (type === 'enum' && cleanOptions.length === 0) return fail('options', messages.categoriesRequired);
    const filename = vcard.get('filename') ?? '';
    if (type === 'vcard' && filename && !filename.endsWith('.vcf')) return fail('json', messages.vcardFilename);
    const body: Schemas['FieldInput'] = { _title: title.trim() || name, _placeholder: placeholder.trim() || null, _hidden: hidden };
    if (!field || name !== field.id) body.name = name;
    if (!field || type !== field.type) body.type = FIELD_TYPES.find((t) => t === type);
    if (canBeRequired(type)) body.required = required;
    if (offerLocalizable) body.localizable = localizable;
    else if (field?.localizable) body.localizable = false;
    if (type === 'enum') body.options = cleanOptions;
    if (type === 'vcard') body.json = Object.fromEntries([...vcard].filter(([, v]) => v));
    const emptyDefault = currentDefault === undefined || currentDefault === null || currentDefault === '';
    if (!emptyDefault) body.default = currentDefault;
    else if (field?.default !== undefined) body.default = null;
    const outcome = await submit(
      () => saveField(collection.id, field?.id ?? null, body),
      (error) =>
        error.code === 'FIELD_EXISTS'
          ? 'name'
          : atField(['name', 'options', 'json', 'default'], error.status === 400 ? 'other' : null)(error),
    );
    if (!outcome.error) onClose();
  }

  return (
    <SidePanel
      title={field ? `Field ${field.id}` : 'New field'}
      width={480}
      onClose={close}
      onSubmit={() => void save()}
      submitLabel={field ? 'Save field' : 'Create field'}
      busy={busy}
      footer={
        field &&
        deleteField && (
          <Button
            variant="ghost"
            size="sm"
            className="mr-auto text-red-700 hover:bg-red-50"
            onClick={() =>
              confirmDanger(
                { title: 'Delete field', text: messages.confirmDelete, confirmLabel: 'Delete' },
                () => void deleteField(collection.id, field.id).then((o) => !o.error && onClose()),
              )
            }
          >
            Delete field
          </Button>
        )
      }
    >
      <InputField
        label="Field name"
        value={name}
        onChange={touch(setName)}
        error={errors.get('name')}
        placeholder="title"
        help="Lowercase letters, digits and underscores; pages read it as {item.name}."
        className="font-mono text-xs"
      />
      {types.length > 1 && (
        <Row id="cms-field-type" label="Type">
          <select id="cms-field-type" value={type} onChange={(e) => touch(setType)(e.target.value)} className={`${INPUT} h-8`}>
            {types.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        </Row>
      )}
      <InputField label="Title" value={title} onChange={touch(setTitle)} placeholder={name || 'Title'} />
      {type !== 'published' && type !== 'vcard' && <InputField label="Placeholder" value={placeholder} onChange={touch(setPlaceholder)} />}
      {type === 'enum' && (
        <ListInput
          label="Categories"
          values={options}
          onChange={touch(setOptions)}
          placeholder={ADD_CATEGORY}
          error={errors.get('options')}
        />
      )}
      {type === 'vcard' && (
        <fieldset className="space-y-2 rounded-md p-3 ring-1 ring-gray-200">
          <legend className="px-1 text-xs font-medium text-gray-800">vCard</legend>
          <InputField
            label="File name"
            value={vcard.get('filename') ?? ''}
            onChange={(v) => touch(setVcard)(new Map(vcard).set('filename', v))}
            placeholder="contact.vcf"
            help="Empty means no file is made."
            error={errors.get('json')}
          />
          {VCARD_KEYS.map((key) => (
            <Row key={key} id={`cms-vcard-${key}`} label={key}>
              <select
                id={`cms-vcard-${key}`}
                value={vcard.get(key) ?? ''}
                onChange={(e) => touch(setVcard)(new Map(vcard).set(key, e.target.value))}
                className={`${INPUT} h-8`}
              >
                <option value="">None</option>
                {others.map((f) => (
                  <option key={f.id} value={f.id}>
                    {fieldTitle(f, main)}
                  </option>
                ))}
              </select>
            </Row>
          ))}
        </fieldset>
      )}
      {DEFAULT_TYPES.has(type) && (type !== 'enum' || categoriesOf(defaultField).length > 0) && (
        <div className="space-y-1">
          <FieldInput
            field={defaultField}
            value={currentDefault}
            onChange={(value) => touch(setDefaultValue)({ type, value })}
            language={main}
            main={main}
            error={errors.get('default')}
            siteId={siteId}
          />
          <p className="text-[11px] text-gray-600">What a new item starts with.</p>
        </div>
      )}
      {canBeRequired(type) && <Toggle id="cms-field-required" label="Required" on={required} onChange={touch(setRequired)} />}
      {offerLocalizable && (
        <Toggle
          id="cms-field-localizable"
          label="Localizable"
          help="A value per language"
          on={localizable}
          onChange={touch(setLocalizable)}
        />
      )}
      <Toggle
        id="cms-field-hidden"
        label="Hidden"
        help={lastVisible ? messages.lastVisibleField : 'Left out of the table.'}
        on={hidden}
        disabled={lastVisible}
        onChange={touch(setHidden)}
      />
      {errors.has('other') && (
        <p role="alert" className="text-xs text-red-700">
          {errors.get('other')}
        </p>
      )}
    </SidePanel>
  );
}
