import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import iconArrows from '@iconify-icons/lucide/arrow-right-left';
import iconPlus from '@iconify-icons/lucide/plus';
import iconTrash from '@iconify-icons/lucide/trash-2';
import iconUpload from '@iconify-icons/lucide/upload';
import { createColumnHelper } from '@tanstack/react-table';
import { messages } from '../../lib/messages.ts';
import { useStore } from '../../lib/store/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { useSettings } from '../store/index.ts';
import type { Redirect } from '../store/redirects.ts';
import { DataTable, type Features } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { InputField } from '../../ui/form/InputField.tsx';
import { redirectProblem } from '../redirectsCsv.ts';
import { SettingsPage } from '../SettingsPage.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { TableSkeleton } from '../../ui/Skeleton.tsx';
import { useRole, useSite } from '../useSite.ts';
import { RedirectsImport } from './RedirectsImport.tsx';
import { atField, useSubmit } from '../../ui/useSubmit.ts';

type Row = Redirect & { index: number };
const column = createColumnHelper<Features, Row>();

/** Spec 002 §2 "Redirects": the table, and the panel in create or edit mode (redirects/{state?}/{index?}). */
export default function Redirects() {
  const site = useSite();
  const { readOnly } = useRole();
  const { state, index } = useParams();
  const navigate = useNavigate();
  const redirects = useSettings((s) => s.redirects);
  const load = useSettings((s) => s.loadRedirects);
  const remove = useSettings((s) => s.deleteRedirect);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const [importing, setImporting] = useState(false);
  const base = `/sites/${encodeURIComponent(site.id)}/settings/redirects`;

  useEffect(() => {
    void load();
  }, [load]);

  const rows: Row[] = (redirects ?? []).map((r, i) => ({ ...r, index: i }));
  const editing = state === 'edit' && index !== undefined ? rows[Number(index)] : undefined;
  const panel = state === 'create' ? 'create' : editing ? 'edit' : null;

  const columns = [
    column.accessor('from', { header: 'From', cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span> }),
    column.accessor('to', { header: 'To', cell: (c) => <span className="font-mono text-xs break-all">{c.getValue()}</span> }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: (c) => (
        <div className="flex justify-end">
          <button
            type="button"
            disabled={readOnly}
            aria-label={`Delete the redirect from ${c.row.original.from}`}
            onClick={(e) => {
              e.stopPropagation();
              confirmDanger(
                {
                  title: 'Delete redirect',
                  text: `${messages.confirmDelete} ${c.row.original.from} → ${c.row.original.to}`,
                  confirmLabel: 'Delete',
                },
                () => {
                  void remove(c.row.original.index);
                  void navigate(base);
                },
              );
            }}
            className="rounded p-1 text-gray-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-40"
          >
            <Iconify icon={iconTrash} className="size-3.5" />
          </button>
        </div>
      ),
    }),
  ];

  return (
    <SettingsPage
      title="Redirects"
      description="Send visitors of old addresses to new ones. The published site gets a _redirects file and, unless the compile settings say none, a page per redirect."
      wide
      panel={panel ? 360 : null}
      actions={
        !readOnly &&
        rows.length > 0 && (
          <>
            <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
              <Iconify icon={iconUpload} className="size-3.5" /> Import CSV
            </Button>
            <Button size="sm" onClick={() => navigate(`${base}/create`)}>
              <Iconify icon={iconPlus} className="size-3.5" /> New redirect
            </Button>
          </>
        )
      }
    >
      {redirects === null ? (
        <TableSkeleton columns={2} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={iconArrows}
          title={messages.redirectsEmpty}
          text="A redirect sends an old address, such as /menu-2023, to a page of the site or another address."
          action={
            !readOnly && (
              <div className="flex gap-2">
                <Button size="sm" onClick={() => navigate(`${base}/create`)}>
                  <Iconify icon={iconPlus} className="size-3.5" /> New redirect
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
                  <Iconify icon={iconUpload} className="size-3.5" /> Import CSV
                </Button>
              </div>
            )
          }
        />
      ) : (
        <DataTable
          label="Redirects"
          columns={columns}
          data={rows}
          rowId={(r) => String(r.index)}
          selectedId={editing ? String(editing.index) : null}
          onOpen={readOnly ? undefined : (r) => navigate(`${base}/edit/${r.index}`)}
          testId="redirect-row"
        />
      )}
      {panel && <RedirectPanel key={`${panel}-${editing?.index ?? ''}`} editing={editing} onClose={() => navigate(base)} />}
      {importing && <RedirectsImport onClose={() => setImporting(false)} />}
    </SettingsPage>
  );
}

function RedirectPanel({ editing, onClose }: { editing: Row | undefined; onClose(): void }) {
  const create = useSettings((s) => s.createRedirect);
  const update = useSettings((s) => s.updateRedirect);
  const [from, setFrom] = useState(editing?.from ?? '');
  const [to, setTo] = useState(editing?.to ?? '');
  const { busy, errors, fail, clear, submit } = useSubmit<'from' | 'to'>();

  async function save() {
    // In the panel both inputs are required (spec 002 §5).
    const problem = redirectProblem(from.trim(), to.trim());
    if (problem) return fail(problem.startsWith('To') ? 'to' : 'from', problem);
    const body = { from: from.trim(), to: to.trim() };
    const outcome = await submit(() => (editing ? update(editing.index, body) : create(body)), atField(['from', 'to']));
    if (outcome.error) return;
    // The server ignores a redirect whose from is taken (spec 002 §5); say so rather than close.
    if (outcome.data.changed === false) return fail('from', 'A redirect from this path exists already');
    onClose();
  }

  return (
    <SidePanel
      title={editing ? 'Edit redirect' : 'New redirect'}
      onClose={onClose}
      onSubmit={() => void save()}
      submitLabel={editing ? 'Save redirect' : 'Create redirect'}
      busy={busy}
    >
      <InputField
        label="From"
        value={from}
        onChange={(v) => {
          setFrom(v);
          clear();
        }}
        error={errors.get('from')}
        placeholder="/old-page"
        help="A path of this site."
        required
        className="font-mono text-xs"
      />
      <InputField
        label="To"
        value={to}
        onChange={(v) => {
          setTo(v);
          clear();
        }}
        error={errors.get('to')}
        placeholder="/new-page or https://…"
        help="A path of this site, or an http(s) address."
        required
        className="font-mono text-xs"
      />
    </SidePanel>
  );
}
