import { useEffect, useState } from 'react';
import iconDownload from '@iconify-icons/lucide/download';
import iconHistory from '@iconify-icons/lucide/history';
import iconRotate from '@iconify-icons/lucide/rotate-ccw';
import iconSave from '@iconify-icons/lucide/save';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '../../format.ts';
import { useStore } from '../../stores/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { DataTable, type Features } from '../DataTable.tsx';
import { EmptyState } from '../EmptyState.tsx';
import { InputField } from '../form/InputField.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { TableSkeleton } from '../Skeleton.tsx';
import { useSettings } from '../store/index.ts';
import type { VersionEntry } from '../store/versions.ts';
import { useRole, useSite } from '../useSite.ts';

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
  const openPopup = useStore((s) => s.openPopup);
  const [saving, setSaving] = useState(false);

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
      header: () => <span className="sr-only">Download</span>,
      cell: (c) => (
        <div className="flex justify-end">
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => void download(c.row.original)}
            aria-label={`Download ${c.row.original.message}`}
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
      description="A version is the whole site as it was when it was saved. The live badge marks what the last publish was made from."
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
                openPopup({
                  name: 'confirm',
                  title: 'Roll back',
                  text: `Return the site to its last saved version? ${unsaved} unsaved ${unsaved === 1 ? 'change is' : 'changes are'} discarded.`,
                  confirmLabel: 'Roll back',
                  danger: true,
                  onConfirm: () => void rollback(),
                })
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit() {
    if (!title.trim()) return setError('Title is required');
    if (title.length > MESSAGE_MAX) return setError('Message must be at most 500 characters');
    setBusy(true);
    const ok = await save(title.trim());
    setBusy(false);
    if (ok) onClose();
  }
  return (
    <Modal
      title="Save version"
      description="Keeps the site as it is now. Roll back returns to the latest saved version."
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button size="sm" busy={busy} onClick={() => void submit()}>
            Save version
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <InputField
          label="Title"
          value={title}
          onChange={(v) => {
            setTitle(v);
            setError(null);
          }}
          error={error}
          placeholder="New pricing section"
          data-autofocus
        />
      </form>
    </Modal>
  );
}
