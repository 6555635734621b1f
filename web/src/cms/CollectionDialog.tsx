import { useState } from 'react';
import type { Schemas } from '@pagewright/sdk';
import { messages } from '../lib/messages.ts';
import { InputField } from '../ui/form/InputField.tsx';
import { errorField } from '../lib/call.ts';
import { Iconify } from '../ui/Iconify.tsx';
import { FormModal } from '../ui/Modal.tsx';
import { collectionIcon } from './icons.ts';
import { useCms } from './store.ts';
import { COLLECTION_ICONS, type CmsCollection } from './values.ts';
import { useSubmit } from '../ui/useSubmit.ts';

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
  const [name, setName] = useState(collection?.name ?? '');
  const [icon, setIcon] = useState<Icon>(COLLECTION_ICONS.find((i) => i === collection?.icon) ?? 'book');
  const { busy, errors, fail, clear, submit } = useSubmit();

  async function save() {
    if (!name.trim()) return fail('form', messages.collectionNameRequired);
    const outcome = await submit(
      () => (collection ? update(collection.id, { name: name.trim(), icon }) : create({ name: name.trim(), icon })),
      (error) => (error.status === 400 || error.status === 409 || errorField(error) ? 'form' : null),
    );
    if (outcome.data) onSaved(outcome.data.id);
  }

  return (
    <FormModal
      title={collection ? 'Edit collection' : 'New collection'}
      onClose={onClose}
      size="sm"
      submitLabel={collection ? 'Save' : 'Create collection'}
      busy={busy}
      onSubmit={() => void save()}
      className="space-y-4"
    >
      <InputField
        label="Collection name"
        value={name}
        onChange={(v) => (setName(v), clear())}
        error={errors.get('form')}
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
    </FormModal>
  );
}
