import { useEffect, useState } from 'react';
import iconKey from '@iconify-icons/lucide/key-round';
import iconMore from '@iconify-icons/lucide/ellipsis';
import iconPlus from '@iconify-icons/lucide/plus';
import { createColumnHelper } from '@tanstack/react-table';
import { messages } from '../../lib/messages.ts';
import { formatDateTime, timeAgo } from '../../lib/format.ts';
import { useStore } from '../../lib/store/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { Menu } from '../../ui/Menu.tsx';
import { FormModal, Modal } from '../../ui/Modal.tsx';
import { DataTable, type Features } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { InputField } from '../../ui/form/InputField.tsx';
import { Switch } from '../../ui/form/controls.tsx';
import { SettingsPage } from '../SettingsPage.tsx';
import { TableSkeleton } from '../../ui/Skeleton.tsx';
import { useSettings } from '../store/index.ts';
import type { ApiKey, ApiKeyCreated } from '../store/keys.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { useSubmit } from '../../ui/useSubmit.ts';

const column = createColumnHelper<Features, ApiKey>();
const NAME_MAX = 100;

/** Spec 002 §2 "API keys": for the terminal and CI; only the owner makes and sees them. */
export default function ApiKeys() {
  const keys = useSettings((s) => s.keys);
  const refused = useSettings((s) => s.keysRefused);
  const load = useSettings((s) => s.loadKeys);
  const update = useSettings((s) => s.updateKey);
  const remove = useSettings((s) => s.deleteKey);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const [dialog, setDialog] = useState<
    { kind: 'create' } | { kind: 'rename'; key: ApiKey } | { kind: 'created'; key: ApiKeyCreated } | null
  >(null);

  useEffect(() => {
    void load();
  }, [load]);

  const columns = [
    column.accessor('name', { header: 'Name', cell: (c) => <span className="font-medium text-gray-900">{c.getValue()}</span> }),
    column.accessor('token', { header: 'Key', cell: (c) => <code className="font-mono text-xs text-gray-700">{c.getValue()}_…</code> }),
    column.accessor('isLocked', {
      header: 'Locked',
      cell: (c) => (
        <Switch
          on={c.getValue()}
          onChange={(isLocked) => void update(c.row.original.token, { isLocked })}
          aria-label={`Lock ${c.row.original.name} (${c.row.original.token})`}
        />
      ),
    }),
    column.accessor('usedCount', { header: 'Use count', cell: (c) => <span className="tabular-nums">{c.getValue()}</span> }),
    column.accessor('lastUsed', {
      header: 'Last used',
      cell: (c) => (c.getValue() ? <time dateTime={c.getValue()!}>{timeAgo(c.getValue()!)}</time> : 'Never'),
    }),
    column.accessor('created', { header: 'Created', cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time> }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) => (
        <div className="flex justify-end">
          <Menu
            id={`api-key-${c.row.original.token}`}
            label={`Actions for ${c.row.original.name}`}
            buttonClassName="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
            button={<Iconify icon={iconMore} className="size-4" />}
            items={[
              { kind: 'action', label: 'Rename', onSelect: () => setDialog({ kind: 'rename', key: c.row.original }) },
              {
                kind: 'action',
                label: 'Delete',
                onSelect: () =>
                  confirmDanger(
                    {
                      title: 'Delete API key',
                      text: `${messages.confirmDelete} ${c.row.original.name} stops working at once.`,
                      confirmLabel: 'Delete',
                    },
                    () => void remove(c.row.original.token),
                  ),
              },
            ]}
          />
        </div>
      ),
    }),
  ];

  const create = (
    <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
      <Iconify icon={iconPlus} className="size-3.5" /> Create API key
    </Button>
  );
  return (
    <SettingsPage
      title="API keys"
      description="A key lets the command line and CI publish, upload files, manage redirects and content of this site. It acts as the owner."
      wide
      actions={!refused && keys && keys.length > 0 && create}
    >
      {keys === null ? (
        <TableSkeleton columns={6} rows={3} />
      ) : refused ? (
        <EmptyState icon={iconKey} title={messages.apiKeyOwnerOnly} />
      ) : keys.length === 0 ? (
        <EmptyState
          icon={iconKey}
          title={messages.noApiKeys}
          text="Create one for pagewright on the command line or a CI pipeline."
          action={create}
        />
      ) : (
        <DataTable label="API keys" columns={columns} data={keys} rowId={(k) => k.token} testId="api-key-row" />
      )}
      {dialog?.kind === 'create' && <NameKey onClose={() => setDialog(null)} onCreated={(key) => setDialog({ kind: 'created', key })} />}
      {dialog?.kind === 'rename' && <NameKey apiKey={dialog.key} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'created' && <KeyCreated apiKey={dialog.key} onClose={() => setDialog(null)} />}
    </SettingsPage>
  );
}

/** Create a key with a name, or rename one. */
function NameKey({ apiKey, onClose, onCreated }: { apiKey?: ApiKey; onClose(): void; onCreated?(key: ApiKeyCreated): void }) {
  const create = useSettings((s) => s.createKey);
  const update = useSettings((s) => s.updateKey);
  const [name, setName] = useState(apiKey?.name ?? '');
  const { busy, errors, fail, clear, submit } = useSubmit();
  async function save() {
    if (name.length > NAME_MAX) return fail('form', messages.apiKeyNameTooLong);
    if (apiKey) {
      if (await submit(() => update(apiKey.token, { name: name.trim() || 'API key' }))) onClose();
      return;
    }
    const created = await submit(() => create(name.trim()));
    if (created) onCreated?.(created);
  }
  return (
    <FormModal
      title={apiKey ? 'Rename API key' : 'Create API key'}
      onClose={onClose}
      size="sm"
      submitLabel={apiKey ? 'Rename' : 'Create'}
      busy={busy}
      onSubmit={() => void save()}
    >
      <InputField
        label="Name"
        value={name}
        onChange={(v) => {
          setName(v);
          clear();
        }}
        error={errors.get('form')}
        placeholder="GitHub Actions"
        help="Where the key is used, so you know which one to lock."
        data-autofocus
      />
    </FormModal>
  );
}

/** The key, shown this one time only. */
function KeyCreated({ apiKey, onClose }: { apiKey: ApiKeyCreated; onClose(): void }) {
  return (
    <Modal
      title="API key created"
      description="Copy the key now. It is not shown again: only a fingerprint of it is kept."
      onClose={onClose}
      size="md"
      footer={
        <Button size="sm" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="flex items-center gap-2 rounded-md bg-gray-50 p-2 ring-1 ring-gray-200 ring-inset">
        <code className="min-w-0 flex-1 font-mono text-xs break-all text-gray-900" data-testid="api-key-secret">
          {apiKey.key}
        </code>
        <CopyButton text={apiKey.key} label="Copy API key" />
      </div>
      <p className="mt-3 text-xs leading-5 text-gray-600">
        Use it as <code className="font-mono">PAGEWRIGHT_API_KEY</code> for the pagewright command line, or send it as Basic authentication.
      </p>
    </Modal>
  );
}
