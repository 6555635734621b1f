import { useRef, useState } from 'react';
import { errorField } from '../settings/store/call.ts';
import { Button } from '../ui/Button.tsx';
import { Checkbox, TextField } from '../ui/Field.tsx';
import { Notice } from '../ui/Layout.tsx';
import { Modal } from '../ui/Modal.tsx';
import type { SiteFile } from './files.ts';
import { useAssets } from './store.ts';

/** Rename from the context menu: the server's refusals (name taken, in use, wrong extension) beside the field. */
export function RenameDialog({ file, onClose, onRenamed }: { file: SiteFile; onClose(): void; onRenamed(file: SiteFile): void }) {
  const rename = useAssets((s) => s.rename);
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selected = useRef(false);

  async function submit() {
    const next = name.trim();
    if (next === file.name) return onClose();
    setBusy(true);
    const outcome = await rename(file.name, next);
    setBusy(false);
    if (outcome.error) return setError(outcome.error.error);
    onRenamed(outcome.data);
    onClose();
  }

  return (
    <Modal
      title="Rename file"
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="rename-file" busy={busy}>
            Rename
          </Button>
        </>
      }
    >
      <form
        id="rename-file"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="File name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onFocus={(e) => {
            // When the dialog opens, the name without its extension is selected, as in a file manager.
            if (selected.current) return;
            selected.current = true;
            const dot = e.target.value.lastIndexOf('.');
            e.target.setSelectionRange(0, dot > 0 ? dot : e.target.value.length);
          }}
          error={error}
          hint="The extension stays the one of the file's type."
          data-autofocus
          maxLength={120}
        />
      </form>
    </Modal>
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
  const [errors, setErrors] = useState<{ url?: string; filename?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (!url.trim()) return setErrors({ url: 'Enter an http or https address' });
    setBusy(true);
    const outcome = await importUrl({
      url: url.trim(),
      ...(filename.trim() ? { filename: filename.trim() } : {}),
      ...(overwrite ? { overwrite } : {}),
    });
    setBusy(false);
    if (outcome.error) {
      if (outcome.error.status === 409) setExists(true);
      const field = errorField(outcome.error);
      if (field === 'url' || field === 'filename') return setErrors({ [field]: outcome.error.error });
      return setErrors({ other: outcome.error.error });
    }
    onImported(outcome.data);
    onClose();
  }

  return (
    <Modal
      title="Import from URL"
      description="The file is downloaded by the server and added to the asset library, with the same limits as an upload."
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="import-url" busy={busy}>
            Import
          </Button>
        </>
      }
    >
      <form
        id="import-url"
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/photo.jpg"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setErrors({});
          }}
          error={errors.url}
          data-autofocus
          maxLength={2048}
        />
        <TextField
          label="File name"
          placeholder="From the address"
          value={filename}
          onChange={(e) => {
            setFilename(e.target.value);
            setErrors({});
          }}
          error={errors.filename}
          hint="Optional. Without an extension, the one of the file's type is added."
          maxLength={120}
        />
        {exists && (
          <Checkbox label="Overwrite the file of the same name" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
        )}
        {errors.other && (
          <Notice tone="error" role="alert">
            {errors.other}
          </Notice>
        )}
      </form>
    </Modal>
  );
}
