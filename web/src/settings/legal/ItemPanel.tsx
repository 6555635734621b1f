import { useId, useState } from 'react';
import { messages } from '../../messages.ts';
import { useStore } from '../../stores/index.ts';
import { Button } from '../../ui/Button.tsx';
import { errorField } from '../store/call.ts';
import { Toggle } from '../form/controls.tsx';
import { InputField } from '../form/InputField.tsx';
import { locText } from '../languages.ts';
import { SidePanel } from '../SidePanel.tsx';
import { useSettings } from '../store/index.ts';
import type { CmsCollection, Field, Item } from '../store/legal.ts';
import { fieldTitle } from './LegalCollection.tsx';

/** The text an input edits for a stored value (a localized value shows its main language). */
function inputText(value: unknown, main: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object' && !Array.isArray(value)) return locText(value, main, main);
  return Array.isArray(value) ? value.join('\n') : String(value);
}

/** The value sent for a field's input: numbers as numbers, lists one entry a line, empty as removed. */
function inputValue(field: Field, text: string): unknown {
  if (text.trim() === '') return null;
  if (field.type === 'number' && !Number.isNaN(Number(text))) return Number(text);
  if (field.type === 'list')
    return text
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  return text;
}

/** Create or edit one item of a legal collection; unsaved changes are confirmed before closing. */
export function ItemPanel({
  collection,
  item,
  main,
  onClose,
}: {
  collection: CmsCollection;
  item: Item | null;
  main: string;
  onClose(): void;
}) {
  const saveItem = useSettings((s) => s.saveLegalItem);
  const deleteItem = useSettings((s) => s.deleteLegalItem);
  const openPopup = useStore((s) => s.openPopup);
  const showError = useStore((s) => s.showError);
  const saved = new Map(Object.entries(item ?? {}));
  const [values, setValues] = useState(() => new Map<string, unknown>());
  const [errors, setErrors] = useState(() => new Map<string, string>());
  const [busy, setBusy] = useState(false);
  const toggleId = useId();

  const current = (field: Field) => (values.has(field.id) ? values.get(field.id) : saved.get(field.id));
  const set = (field: Field, value: unknown) =>
    setValues((v) => {
      const next = new Map(v);
      next.set(field.id, value);
      return next;
    });

  function close() {
    if (values.size === 0) return onClose();
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
    const missing = collection.fields.find((f) => f.required && inputText(current(f), main).trim() === '');
    if (missing) return setErrors(new Map([[missing.id, messages.valueRequired]]));
    setBusy(true);
    const outcome = await saveItem(collection.id, item?._id ?? null, values);
    setBusy(false);
    if (outcome.error) {
      const field = errorField(outcome.error);
      if (field && collection.fields.some((f) => f.id === field)) return setErrors(new Map([[field, outcome.error.error]]));
      return showError(outcome.error);
    }
    onClose();
  }

  return (
    <SidePanel
      title={item ? `Edit item ${item._id}` : 'New item'}
      onClose={close}
      onSubmit={() => void submit()}
      footer={
        <>
          {item && (
            <Button
              variant="ghost"
              size="sm"
              className="mr-auto text-red-700 hover:bg-red-50"
              onClick={() =>
                openPopup({
                  name: 'confirm',
                  title: 'Delete item',
                  text: messages.confirmDelete,
                  confirmLabel: 'Delete',
                  danger: true,
                  onConfirm: () => {
                    void deleteItem(collection.id, item._id);
                    onClose();
                  },
                })
              }
            >
              Delete
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" size="sm" busy={busy}>
            {item ? 'Save item' : 'Create item'}
          </Button>
        </>
      }
    >
      {collection.fields.map((field) =>
        field.type === 'published' ? (
          <Toggle
            key={field.id}
            id={`${toggleId}-${field.id}`}
            label={fieldTitle(field, main)}
            help="Shown on the site"
            on={current(field) !== false}
            changed={values.has(field.id)}
            onChange={(next) => set(field, next)}
          />
        ) : (
          <InputField
            key={field.id}
            label={fieldTitle(field, main)}
            value={inputText(current(field), main)}
            onChange={(text) => {
              set(field, inputValue(field, text));
              setErrors(new Map());
            }}
            error={errors.get(field.id)}
            placeholder={locText(field.placeholder, main, main) || undefined}
            type={field.type === 'number' ? 'number' : field.type === 'date' ? 'date' : 'text'}
            multiline={field.type === 'richtext' || field.type === 'list'}
            required={field.required}
          />
        ),
      )}
    </SidePanel>
  );
}
