import { useState } from 'react';
import type { Schemas } from '@pagewright/sdk';
import { messages } from '../messages.ts';
import { INPUT, Row, Toggle } from '../settings/form/controls.tsx';
import { InputField } from '../settings/form/InputField.tsx';
import { errorField } from '../settings/store/call.ts';
import { SidePanel } from '../settings/SidePanel.tsx';
import { useStore } from '../stores/index.ts';
import { Button } from '../ui/Button.tsx';
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
} from './values.ts';

type Errors = Partial<Record<'name' | 'options' | 'json' | 'other', string>>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * fields/create and fields/{fieldId}: name (the key), type (on edit only the allowed changes, hidden
 * when there are none), title, placeholder, categories for a Category field, the required,
 * localizable and hidden flags where spec 002 §5 offers them, and a vCard's settings.
 */
export function FieldPanel({
  collection,
  field,
  main,
  languages,
  onClose,
}: {
  collection: CmsCollection;
  field: Field | null;
  main: string;
  languages: readonly string[];
  onClose(): void;
}) {
  const saveField = useCms((s) => s.saveField);
  const deleteField = useCms((s) => s.deleteField);
  const openPopup = useStore((s) => s.openPopup);
  const showError = useStore((s) => s.showError);
  const [name, setName] = useState(field?.id ?? '');
  const [type, setType] = useState<string>(field?.type ?? 'text');
  const [title, setTitle] = useState(field ? fieldTitle(field, main) : '');
  const [placeholder, setPlaceholder] = useState(field ? str(inLanguage(field.placeholder, main, main)) : '');
  const [options, setOptions] = useState<string[]>(field ? categoriesOf(field) : []);
  const [required, setRequired] = useState(field?.required === true);
  const [localizable, setLocalizable] = useState(field?.localizable === true);
  const [hidden, setHidden] = useState(field?.hidden === true);
  const [vcard, setVcard] = useState(() => new Map<string, string>(Object.entries(field?.json ?? {})));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const touch =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      setDirty(true);
      setErrors({});
    };

  const types: readonly string[] = field ? [field.type, ...typeChanges(field.type)] : FIELD_TYPES;
  const visible = collection.fields.filter((f) => !f.hidden).length;
  const lastVisible = !hidden && visible <= 1 && field !== null && !field.hidden;
  const offerLocalizable = languages.length > 1 && LOCALIZABLE_TYPES.includes(type);
  const others = collection.fields.filter((f) => f.id !== field?.id && f.type !== 'vcard');

  function close() {
    if (!dirty) return onClose();
    openPopup({
      name: 'confirm',
      title: 'Unsaved changes',
      text: messages.unsavedChanges,
      confirmLabel: 'Discard changes',
      danger: true,
      onConfirm: onClose,
    });
  }

  async function submit() {
    if (!name) return setErrors({ name: messages.fieldNameRequired });
    if (!FIELD_NAME.test(name)) return setErrors({ name: messages.fieldNameChars });
    if (name !== field?.id && collection.fields.some((f) => f.id === name)) return setErrors({ name: messages.fieldNameUsed });
    const cleanOptions = options.map((o) => o.trim()).filter(Boolean);
    if (type === 'enum' && cleanOptions.length === 0) return setErrors({ options: messages.categoriesRequired });
    const filename = vcard.get('filename') ?? '';
    if (type === 'vcard' && filename && !filename.endsWith('.vcf')) return setErrors({ json: messages.vcardFilename });
    const body: Schemas['FieldInput'] = { _title: title.trim() || name, _placeholder: placeholder.trim() || null, _hidden: hidden };
    if (!field || name !== field.id) body.name = name;
    if (!field || type !== field.type) body.type = FIELD_TYPES.find((t) => t === type);
    if (canBeRequired(type)) body.required = required;
    if (offerLocalizable) body.localizable = localizable;
    else if (field?.localizable) body.localizable = false;
    if (type === 'enum') body.options = cleanOptions;
    if (type === 'vcard') body.json = Object.fromEntries([...vcard].filter(([, v]) => v));
    setBusy(true);
    const outcome = await saveField(collection.id, field?.id ?? null, body);
    setBusy(false);
    if (outcome.error) {
      const at = errorField(outcome.error);
      if (at === 'name' || outcome.error.code === 'FIELD_EXISTS') return setErrors({ name: outcome.error.error });
      if (at === 'options') return setErrors({ options: outcome.error.error });
      if (at === 'json') return setErrors({ json: outcome.error.error });
      if (outcome.error.status === 400) return setErrors({ other: outcome.error.error });
      return showError(outcome.error);
    }
    onClose();
  }

  return (
    <SidePanel
      title={field ? `Field ${field.id}` : 'New field'}
      width={480}
      onClose={close}
      onSubmit={() => void submit()}
      footer={
        <>
          {field && (
            <Button
              variant="ghost"
              size="sm"
              className="mr-auto text-red-700 hover:bg-red-50"
              onClick={() =>
                openPopup({
                  name: 'confirm',
                  title: 'Delete field',
                  text: messages.confirmDelete,
                  confirmLabel: 'Delete',
                  danger: true,
                  onConfirm: () => void deleteField(collection.id, field.id).then((o) => !o.error && onClose()),
                })
              }
            >
              Delete field
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" size="sm" busy={busy}>
            {field ? 'Save field' : 'Create field'}
          </Button>
        </>
      }
    >
      <InputField
        label="Field name"
        value={name}
        onChange={touch(setName)}
        error={errors.name}
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
        <ListInput label="Categories" values={options} onChange={touch(setOptions)} placeholder={ADD_CATEGORY} error={errors.options} />
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
            error={errors.json}
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
      {errors.other && (
        <p role="alert" className="text-xs text-red-700">
          {errors.other}
        </p>
      )}
    </SidePanel>
  );
}
