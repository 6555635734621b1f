import { useState } from 'react';
import type { Schemas } from '@pagewright/sdk';
import { messages } from '../messages.ts';
import { InputField } from '../settings/form/InputField.tsx';
import { errorField } from '../settings/store/call.ts';
import { useStore } from '../stores/index.ts';
import { Button } from '../ui/Button.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { Modal } from '../ui/Modal.tsx';
import { collectionIcon } from './icons.ts';
import { useCms } from './store.ts';
import { COLLECTION_ICONS, type CmsCollection } from './values.ts';

type Icon = Schemas['CollectionIcon'];

/** New collection, or rename / change the icon of one (spec 002 §2 sidebar actions). */
export function CollectionDialog({
  collection,
  onClose,
  onSaved,
}: {
  collection: CmsCollection | null;
  onClose(): void;
  onSaved(id: string): void;
}) {
  const create = useCms((s) => s.createCollection);
  const update = useCms((s) => s.updateCollection);
  const showError = useStore((s) => s.showError);
  const [name, setName] = useState(collection?.name ?? '');
  const [icon, setIcon] = useState<Icon>(COLLECTION_ICONS.find((i) => i === collection?.icon) ?? 'book');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!name.trim()) return setError(messages.collectionNameRequired);
    setBusy(true);
    const outcome = collection ? await update(collection.id, { name: name.trim(), icon }) : await create({ name: name.trim(), icon });
    setBusy(false);
    if (outcome.error) {
      if (outcome.error.status === 400 || outcome.error.status === 409 || errorField(outcome.error)) return setError(outcome.error.error);
      return showError(outcome.error);
    }
    onSaved(outcome.data.id);
  }

  return (
    <Modal title={collection ? 'Edit collection' : 'New collection'} onClose={onClose} size="sm">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <InputField
          label="Collection name"
          value={name}
          onChange={(v) => (setName(v), setError(null))}
          error={error}
          placeholder="Posts"
          data-autofocus
        />
        <fieldset>
          <legend className="mb-1.5 text-xs font-medium text-gray-800">Icon</legend>
          <div className="grid grid-cols-7 gap-1" role="radiogroup" aria-label="Icon">
            {(['book', ...COLLECTION_ICONS] as Icon[]).map((i) => (
              <button
                key={i}
                type="button"
                role="radio"
                aria-checked={icon === i}
                aria-label={i === 'book' ? 'Book' : i}
                title={i === 'book' ? 'Book' : i}
                onClick={() => setIcon(i)}
                className={`flex size-9 items-center justify-center rounded-md ring-1 ring-inset ${icon === i ? 'bg-brand-50 text-brand-700 ring-brand-600' : 'text-gray-600 ring-gray-200 hover:bg-gray-50'}`}
              >
                <Iconify icon={collectionIcon(i)} className="size-4" />
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" size="sm" busy={busy}>
            {collection ? 'Save' : 'Create collection'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
