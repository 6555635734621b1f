import { useRef, useState } from 'react';
import { Checkbox, TextField } from '../ui/Field.tsx';
import { Notice } from '../ui/Layout.tsx';
import { FormModal } from '../ui/Modal.tsx';
import type { SiteFile } from './files.ts';
import { useAssets } from './store.ts';
import { atField, useSubmit } from '../ui/useSubmit.ts';

/** Rename from the context menu: the server's refusals (name taken, in use, wrong extension) beside the field. */
export function RenameDialog({ file, onClose, onRenamed }: { file: SiteFile; onClose(): void; onRenamed(file: SiteFile): void }) {
  const rename = useAssets((s) => s.rename);
  const [name, setName] = useState(file.name);
  const { busy, errors, clear, submit } = useSubmit();
  const selected = useRef(false);

  async function save() {
    const next = name.trim();
    if (next === file.name) return onClose();
    const outcome = await submit(() => rename(file.name, next), 'form');
    if (outcome.error) return;
    onRenamed(outcome.data);
    onClose();
  }

  return (
    <FormModal title="Rename file" onClose={onClose} size="sm" submitLabel="Rename" busy={busy} onSubmit={() => void save()}>
      <TextField
        label="File name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          clear();
        }}
        onFocus={(e) => {
          // When the dialog opens, the name without its extension is selected, as in a file manager.
          if (selected.current) return;
          selected.current = true;
          const dot = e.target.value.lastIndexOf('.');
          e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
        }}
        error={errors.get('form')}
        hint="The extension stays the one of the file's type."
        data-autofocus
        maxLength={120}
      />
    </FormModal>
  );
}

/**
 * Import from URL (POST /files/import): the server fetches only public addresses; its refusals (a
 * private or loopback address, a name taken, a type not allowed) are said beside the field they name.
 */
export function ImportUrlDialog({ onClose, onImported }: { onClose(): void; onImported(file: SiteFile): void }) {
  const importUrl = useAssets((s) => s.importUrl);
  const [url, setUrl] = useState('');
  const [filename, setFilename] = useState('');
  const [overwrite, setOverwrite] = useState(false);
  const [exists, setExists] = useState(false);
  const { busy, errors, fail, clear, submit } = useSubmit<'url' | 'filename' | 'other'>();

  async function save() {
    if (!url.trim()) return fail('url', 'Enter an http or https address');
    const outcome = await submit(
      () =>
        importUrl({
          url: url.trim(),
          ...(filename.trim() ? { filename: filename.trim() } : {}),
          ...(overwrite ? { overwrite } : {}),
        }),
      atField(['url', 'filename'], 'other'),
    );
    if (outcome.error) {
      if (outcome.error.status === 409) setExists(true);
      return;
    }
    onImported(outcome.data);
    onClose();
  }

  return (
    <FormModal
      title="Import from URL"
      description="The file is downloaded by the server and added to the asset library, with the same limits as an upload."
      onClose={onClose}
      submitLabel="Import"
      busy={busy}
      onSubmit={() => void save()}
      className="space-y-4"
    >
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/photo.jpg"
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          clear();
        }}
        error={errors.get('url')}
        data-autofocus
        maxLength={2048}
      />
      <TextField
        label="File name"
        placeholder="From the address"
        value={filename}
        onChange={(e) => {
          setFilename(e.target.value);
          clear();
        }}
        error={errors.get('filename')}
        hint="Optional. Without an extension, the one of the file's type is added."
        maxLength={120}
      />
      {exists && (
        <Checkbox label="Overwrite the file of the same name" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
      )}
      {errors.has('other') && (
        <Notice tone="error" role="alert">
          {errors.get('other')}
        </Notice>
      )}
    </FormModal>
  );
}
