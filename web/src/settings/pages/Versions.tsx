import { useEffect, useState } from 'react';
import iconDownload from '@iconify-icons/lucide/download';
import iconHistory from '@iconify-icons/lucide/history';
import iconRotate from '@iconify-icons/lucide/rotate-ccw';
import iconSave from '@iconify-icons/lucide/save';
import iconUndo from '@iconify-icons/lucide/undo-2';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '../../lib/format.ts';
import { useStore } from '../../lib/store/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { FormModal } from '../../ui/Modal.tsx';
import { DataTable, type Features } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { InputField } from '../../ui/form/InputField.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { TableSkeleton } from '../../ui/Skeleton.tsx';
import { useSettings } from '../store/index.ts';
import type { VersionEntry } from '../store/versions.ts';
import { useRole, useSite } from '../useSite.ts';
import { useSubmit } from '../../ui/useSubmit.ts';

const column = createColumnHelper<Features, VersionEntry>();
const MESSAGE_MAX = 500;

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** Spec 002 §2 "Versions": title, hash, author, date and download; save a version; roll back. */
export default function Versions() {
  const site = useSite();
  const { readOnly } = useRole();
  const versions = useSettings((s) => s.versions);
  const load = useSettings((s) => s.loadVersions);
  const download = useSettings((s) => s.downloadVersion);
  const rollback = useSettings((s) => s.rollback);
  const restore = useSettings((s) => s.restoreVersion);
  const openPopup = useStore((s) => s.openPopup);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const [saving, setSaving] = useState(false);
  const [restored, setRestored] = useState<VersionEntry | null>(null);

  useEffect(() => {
    void load();
  }, [load]);

  const unsaved = site.history.unsaved;
  const columns = [
    column.accessor('message', {
      header: 'Title',
      cell: (c) => (
        <span className="flex items-center gap-2">
          <span className="font-medium text-gray-900">{c.getValue()}</span>
          {c.row.original.live && (
            <span className="rounded-full bg-emerald-50 px-1.5 py-px text-[11px] font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
              Live
            </span>
          )}
        </span>
      ),
    }),
    column.accessor('hash', {
      header: 'Hash',
      cell: (c) => (
        <code className="font-mono text-xs text-gray-700" title={c.getValue()}>
          {c.getValue().slice(0, 8)}
        </code>
      ),
    }),
    column.accessor('authorName', { header: 'Author', cell: (c) => c.getValue() ?? '—' }),
    column.accessor('created', { header: 'Date', cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time> }),
    column.display({
      id: 'download',
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) => (
        <div className="flex justify-end gap-1">
          {!readOnly && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs"
              onClick={() => {
                const version = c.row.original;
                openPopup({
                  name: 'confirm',
                  title: 'Restore version',
                  text: `Return the site to “${version.message}”? This is one change since the last version: undo in the editor takes it back.`,
                  confirmLabel: 'Restore',
                  onConfirm: () =>
                    void restore(version).then((ok) => {
                      if (ok) setRestored(version);
                    }),
                });
              }}
              aria-label={`Restore ${c.row.original.message}`}
            >
              <Iconify icon={iconUndo} className="size-3.5" /> Restore
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => void download(c.row.original)}
            // The name holds the size the button shows.
            aria-label={`Download ${c.row.original.message} ${size(c.row.original.download.size)}`}
          >
            <Iconify icon={iconDownload} className="size-3.5" /> {size(c.row.original.download.size)}
          </Button>
        </div>
      ),
    }),
  ];

  return (
    <SettingsPage
      title="Versions"
      description="A version is a checkpoint: the whole site as it was when it was saved, to return to later. Your edits are saved as you make them; Restore brings back any version as one change that undo takes back. The live badge marks what the last publish was made from."
      wide
      actions={
        !readOnly && (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={unsaved === 0}
              title={unsaved === 0 ? 'Nothing changed since the last version' : undefined}
              onClick={() =>
                confirmDanger(
                  {
                    title: 'Roll back',
                    text: `Return the site to its last saved version? ${unsaved} ${unsaved === 1 ? 'change' : 'changes'} since the last version ${unsaved === 1 ? 'is' : 'are'} discarded.`,
                    confirmLabel: 'Roll back',
                  },
                  () => void rollback(),
                )
              }
            >
              <Iconify icon={iconRotate} className="size-3.5" /> Roll back
            </Button>
            <Button size="sm" onClick={() => setSaving(true)}>
              <Iconify icon={iconSave} className="size-3.5" /> Save version
            </Button>
          </>
        )
      }
    >
      {restored && (
        <p role="status" className="mb-3 text-sm text-gray-700">
          Restored “{restored.message}”. Undo in the editor takes it back.
        </p>
      )}
      {versions === null ? (
        <TableSkeleton columns={5} />
      ) : versions.length === 0 ? (
        <EmptyState icon={iconHistory} title="No versions yet" text="Save a version to keep the site as it is now." />
      ) : (
        <DataTable label="Versions" columns={columns} data={versions} rowId={(v) => String(v.id)} testId="version-row" />
      )}
      {saving && <SaveVersion onClose={() => setSaving(false)} />}
    </SettingsPage>
  );
}

function SaveVersion({ onClose }: { onClose(): void }) {
  const save = useSettings((s) => s.saveVersion);
  const [title, setTitle] = useState('');
  const { busy, errors, fail, clear, submit } = useSubmit();
  async function saveVersion() {
    if (!title.trim()) return fail('form', 'Title is required');
    if (title.length > MESSAGE_MAX) return fail('form', 'Message must be at most 500 characters');
    if (await submit(() => save(title.trim()))) onClose();
  }
  return (
    <FormModal
      title="Save version"
      description="Keeps the site as it is now. Roll back returns to the latest saved version."
      onClose={onClose}
      size="sm"
      submitLabel="Save version"
      busy={busy}
      onSubmit={() => void saveVersion()}
    >
      <InputField
        label="Title"
        value={title}
        onChange={(v) => {
          setTitle(v);
          clear();
        }}
        error={errors.get('form')}
        placeholder="New pricing section"
        data-autofocus
      />
    </FormModal>
  );
}
