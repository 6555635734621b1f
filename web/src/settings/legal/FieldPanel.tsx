import { useState } from 'react';
import { messages } from '../../messages.ts';
import { useStore } from '../../stores/index.ts';
import { Button } from '../../ui/Button.tsx';
import { errorField } from '../store/call.ts';
import { INPUT, Row, Toggle } from '../form/controls.tsx';
import { InputField } from '../form/InputField.tsx';
import { locText } from '../languages.ts';
import { SidePanel } from '../SidePanel.tsx';
import { useSettings } from '../store/index.ts';
import type { CmsCollection, Field, FieldInput } from '../store/legal.ts';

/** Spec 002 §5: a field name starts with a lowercase letter, then lowercase letters, digits or underscore. */
const NAME = /^[a-z][a-z0-9_]*$/;
/** The field types a legal list needs; the CMS screens offer the rest. */
const TYPES = ['text', 'richtext', 'number', 'date', 'list'] as const;

/** Create a field, or edit a field's title, placeholder, required and hidden flags. */
export function FieldPanel({
  collection,
  field,
  main,
  onClose,
}: {
  collection: CmsCollection;
  field: Field | null;
  main: string;
  onClose(): void;
}) {
  const saveField = useSettings((s) => s.saveLegalField);
  const showError = useStore((s) => s.showError);
  const [name, setName] = useState(field?.id ?? '');
  const [title, setTitle] = useState(field ? locText(field.name, main, main) : '');
  const [placeholder, setPlaceholder] = useState(field ? locText(field.placeholder, main, main) : '');
  const [type, setType] = useState<(typeof TYPES)[number]>('text');
  const [required, setRequired] = useState(field?.required === true);
  const [hidden, setHidden] = useState(field?.hidden === true);
  const [errors, setErrors] = useState<{ name?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);
  const visible = collection.fields.filter((f) => !f.hidden).length;

  async function submit() {
    if (!field) {
      if (!name) return setErrors({ name: messages.fieldNameRequired });
      if (!NAME.test(name)) return setErrors({ name: messages.fieldNameChars });
      if (collection.fields.some((f) => f.id === name)) return setErrors({ name: messages.fieldNameUsed });
    }
    const body: FieldInput = { _title: title.trim() || name, _placeholder: placeholder.trim() || null, _hidden: hidden };
    if (field?.type !== 'published') body.required = required;
    if (!field) Object.assign(body, { name, type });
    setBusy(true);
    const outcome = await saveField(collection.id, field?.id ?? null, body);
    setBusy(false);
    if (outcome.error) {
      const at = errorField(outcome.error);
      if (at === 'name' || outcome.error.code === 'FIELD_EXISTS') return setErrors({ name: outcome.error.error });
      if (outcome.error.status === 400) return setErrors({ other: outcome.error.error });
      return showError(outcome.error);
    }
    onClose();
  }

  return (
    <SidePanel
      title={field ? `Field ${field.id}` : 'New field'}
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" busy={busy}>
            {field ? 'Save field' : 'Create field'}
          </Button>
        </>
      }
    >
      {!field && (
        <>
          <InputField
            label="Field name"
            value={name}
            onChange={(v) => {
              setName(v);
              setErrors({});
            }}
            error={errors.name}
            placeholder="retention"
            help="Lowercase letters, digits and underscores; pages read it as {item.name}."
            className="font-mono text-xs"
          />
          <Row id="legal-field-type" label="Type">
            <select
              id="legal-field-type"
              value={type}
              onChange={(e) => setType(TYPES.find((t) => t === e.target.value) ?? 'text')}
              className={`${INPUT} h-8`}
            >
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </Row>
        </>
      )}
      {field && errors.name && <p className="text-xs text-red-700">{errors.name}</p>}
      <InputField label="Title" value={title} onChange={setTitle} placeholder={field?.id ?? name} />
      <InputField label="Placeholder" value={placeholder} onChange={setPlaceholder} />
      {field?.type !== 'published' && <Toggle id="legal-field-required" label="Required" on={required} onChange={setRequired} />}
      <Toggle
        id="legal-field-hidden"
        label="Hidden"
        help={!hidden && visible <= 1 && field ? messages.lastVisibleField : 'Left out of the table.'}
        on={hidden}
        disabled={!hidden && visible <= 1 && Boolean(field)}
        onChange={setHidden}
      />
      {errors.other && (
        <p role="alert" className="text-xs text-red-700">
          {errors.other}
        </p>
      )}
    </SidePanel>
  );
}
