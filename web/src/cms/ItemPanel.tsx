import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { messages } from '../messages.ts';
import { call, errorField } from '../settings/store/call.ts';
import { SidePanel } from '../settings/SidePanel.tsx';
import { useStore } from '../stores/index.ts';
import { Button } from '../ui/Button.tsx';
import { FieldInput } from './fields/FieldInput.tsx';
import { useCms } from './store.ts';
import { startingValues, valueOf, type CmsCollection, type Field, type Item } from './values.ts';

/** The values a shown starting item holds, without its placeholder id. */
const startingBody = (item: Item) => Object.fromEntries(Object.entries(item).filter(([k]) => k !== '_id'));

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * items/create and items/{itemId}: every field's input; Save, Duplicate and Delete; unsaved changes
 * are confirmed before the panel closes (spec 002 §2, the confirmation verbatim).
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
}: {
  siteId: string;
  collection: CmsCollection;
  itemId: number | null;
  language: string;
  main: string;
  readOnly: boolean;
  onClose(): void;
  onOpen(itemId: number): void;
}) {
  const saveItem = useCms((s) => s.saveItem);
  const deleteItem = useCms((s) => s.deleteItem);
  const duplicateItem = useCms((s) => s.duplicateItem);
  const openPopup = useStore((s) => s.openPopup);
  const showError = useStore((s) => s.showError);
  const [item, setItem] = useState<Item | null>(null);
  const [missing, setMissing] = useState(false);
  const [values, setValues] = useState(() => new Map<string, unknown>());
  const [errors, setErrors] = useState(() => new Map<string, string>());
  const [busy, setBusy] = useState(false);

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
    // The starting values are read once, when the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteId, collection.id, itemId]);

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
    const empty = collection.fields.find((f) => f.required && blank(current(f)));
    if (empty) return setErrors(new Map([[empty.id, messages.valueRequired]]));
    setBusy(true);
    // A new item sends the starting values it showed (the server would pick the same), and the changes.
    const body = itemId === null && item ? { ...startingBody(item), ...Object.fromEntries(values) } : Object.fromEntries(values);
    const outcome = await saveItem(collection.id, itemId, body);
    setBusy(false);
    if (outcome.error) {
      const at = errorField(outcome.error);
      if (at && collection.fields.some((f) => f.id === at)) return setErrors(new Map([[at, outcome.error.error]]));
      return showError(outcome.error);
    }
    onClose();
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
      onSubmit={readOnly ? undefined : () => void submit()}
      footer={
        readOnly ? undefined : (
          <>
            {itemId !== null && (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  onClick={() =>
                    openPopup({
                      name: 'confirm',
                      title: 'Delete item',
                      text: messages.confirmDelete,
                      confirmLabel: 'Delete',
                      danger: true,
                      onConfirm: () => {
                        void deleteItem(collection.id, itemId).then((o) => !o.error && onClose());
                      },
                    })
                  }
                >
                  Delete
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="mr-auto"
                  onClick={() => void duplicateItem(collection.id, itemId).then((o) => o.data && onOpen(o.data._id))}
                >
                  Duplicate
                </Button>
              </>
            )}
            <Button variant="ghost" size="sm" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" size="sm" busy={busy}>
              {itemId === null ? 'Create item' : 'Save item'}
            </Button>
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
              onChange={(next) => {
                setValues((v) => new Map(v).set(field.id, next));
                setErrors(new Map());
              }}
            />
          ))}
        </fieldset>
      )}
    </SidePanel>
  );
}
