import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { api } from '../lib/api.ts';
import { messages } from '../lib/messages.ts';
import { call } from '../lib/call.ts';
import { SidePanel, useCloseUnsaved } from '../ui/SidePanel.tsx';
import { useStore } from '../lib/store/index.ts';
import { Button } from '../ui/Button.tsx';
import { FieldInput } from './fields/FieldInput.tsx';
import { useCms } from './store.ts';
import {
  inLanguage,
  nameField,
  slugOf,
  startingValues,
  valueOf,
  withLanguageValue,
  type CmsCollection,
  type Field,
  type Item,
} from './values.ts';
import type { PanelWrites } from './writes.ts';
import { atField, useSubmit } from '../ui/useSubmit.ts';

/** The values a shown starting item holds, without its placeholder id. */
const startingBody = (item: Item) => Object.fromEntries(Object.entries(item).filter(([k]) => k !== '_id'));

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * items/create and items/{itemId}: every field's input; Save, Duplicate and Delete; unsaved changes
 * are confirmed before the panel closes (spec 002 §2, the confirmation verbatim). A new item's slug
 * (or an item's empty one) is made from its name as the name is typed, until the slug is edited.
 */
export function ItemPanel({
  siteId,
  collection,
  itemId,
  language,
  main,
  readOnly,
  onClose,
  onOpen,
  writes,
}: {
  siteId: string;
  collection: CmsCollection;
  itemId: number | null;
  language: string;
  main: string;
  readOnly: boolean;
  onClose(): void;
  onOpen?(itemId: number): void;
  /** Where the panel saves; the CMS screen's store unless given (the legal settings keep their own list). */
  writes?: PanelWrites;
}) {
  const cms = useCms(useShallow((s) => ({ saveItem: s.saveItem, deleteItem: s.deleteItem, duplicateItem: s.duplicateItem })));
  const { saveItem, deleteItem, duplicateItem } = writes ?? cms;
  const confirmDanger = useStore((s) => s.confirmDanger);
  const [item, setItem] = useState<Item | null>(null);
  const [missing, setMissing] = useState(false);
  const [values, setValues] = useState(() => new Map<string, unknown>());
  const { busy, errors, fail, clear, submit } = useSubmit<string>();
  // The slug follows the name as it is typed until the user edits the slug (a new item, or one without a slug).
  const [slugEdited, setSlugEdited] = useState(false);
  const named = nameField(collection.fields);
  const slugField = collection.fields.find((f) => f.type === 'slug');

  const defaultsKey = JSON.stringify(collection.fields.map((f) => [f.id, f.default ?? null]));
  useEffect(() => {
    if (itemId !== null) return;
    // A new item shows what it will start with: an enum's value comes from the last item in hand order.
    const enums = collection.fields.some((f) => f.type === 'enum');
    const count = collection.count;
    let live = true;
    const show = (last: Item | undefined) => live && setItem({ _id: 0, ...Object.fromEntries(startingValues(collection.fields, last)) });
    if (!enums || count === 0) show(undefined);
    else
      void api
        .GET('/sites/{siteId}/content/{collection}/items', {
          params: { path: { siteId, collection: collection.id }, query: { offset: count - 1, limit: 1 } },
        })
        .then(({ data }) => show(data?.items.at(-1)));
    return () => {
      live = false;
    };
    // The starting values are read when the panel opens, and again if a field's default changes meanwhile.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteId, collection.id, itemId, defaultsKey]);

  useEffect(() => {
    if (itemId === null) return;
    let live = true;
    void call(() =>
      api.GET('/sites/{siteId}/content/{collection}/items/{itemId}', { params: { path: { siteId, collection: collection.id, itemId } } }),
    ).then(({ data }) => {
      if (!live) return;
      if (data) setItem(data);
      else setMissing(true);
    });
    return () => {
      live = false;
    };
  }, [siteId, collection.id, itemId]);

  const current = (field: Field) => (values.has(field.id) ? values.get(field.id) : item ? valueOf(item, field.id) : undefined);
  const follows =
    named !== undefined &&
    slugField !== undefined &&
    !slugEdited &&
    (itemId === null || (item !== null && blank(inLanguage(valueOf(item, slugField.id), language, main))));

  function change(field: Field, next: unknown) {
    const changes = new Map<string, unknown>([[field.id, next]]);
    if (field === slugField) setSlugEdited(true);
    if (follows && field === named && slugField) {
      const name = inLanguage(next, language, main);
      const slug = slugOf(typeof name === 'string' ? name : '');
      changes.set(slugField.id, withLanguageValue(slugField, current(slugField), slug, language, main));
    }
    setValues((v) => new Map([...v, ...changes]));
    clear();
  }

  const close = useCloseUnsaved(values.size > 0, onClose);

  async function save() {
    const empty = collection.fields.find((f) => f.required && blank(current(f)));
    if (empty) return fail(empty.id, messages.valueRequired);
    // A new item sends the starting values it showed (the server would pick the same), and the changes.
    const body = itemId === null && item ? { ...startingBody(item), ...Object.fromEntries(values) } : Object.fromEntries(values);
    const outcome = await submit(() => saveItem(collection.id, itemId, body), atField(collection.fields.map((f) => f.id)));
    if (!outcome.error) onClose();
  }

  if (missing)
    return (
      <SidePanel title="Item not found" onClose={onClose}>
        <p className="text-xs text-gray-600">{messages.itemNotFound}</p>
      </SidePanel>
    );

  return (
    <SidePanel
      title={itemId === null ? 'New item' : `Item ${itemId}`}
      width={480}
      onClose={close}
      onSubmit={readOnly ? undefined : () => void save()}
      submitLabel={readOnly ? undefined : itemId === null ? 'Create item' : 'Save item'}
      busy={busy}
      footer={
        !readOnly &&
        itemId !== null && (
          <>
            <Button
              variant="ghost"
              size="sm"
              className={`text-red-700 hover:bg-red-50 ${duplicateItem ? '' : 'mr-auto'}`}
              onClick={() =>
                confirmDanger({ title: 'Delete item', text: messages.confirmDelete, confirmLabel: 'Delete' }, () => {
                  void deleteItem(collection.id, itemId).then((o) => !o.error && onClose());
                })
              }
            >
              Delete
            </Button>
            {duplicateItem && (
              <Button
                variant="ghost"
                size="sm"
                className="mr-auto"
                onClick={() => void duplicateItem(collection.id, itemId).then((o) => o.data && onOpen?.(o.data._id))}
              >
                Duplicate
              </Button>
            )}
          </>
        )
      }
    >
      {!item ? (
        <div className="space-y-3" aria-busy="true">
          {collection.fields.map((f) => (
            <div key={f.id} className="h-12 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : (
        <fieldset disabled={readOnly} className="space-y-4">
          {collection.fields.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              value={current(field)}
              language={language}
              main={main}
              siteId={siteId}
              error={errors.get(field.id)}
              onChange={(next) => change(field, next)}
            />
          ))}
        </fieldset>
      )}
    </SidePanel>
  );
}
