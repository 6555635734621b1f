import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import iconDownload from '@iconify-icons/lucide/download';
import iconInbox from '@iconify-icons/lucide/inbox';
import iconMore from '@iconify-icons/lucide/ellipsis';
import { useVirtualizer } from '@tanstack/react-virtual';
import { createColumnHelper, useTable } from '@tanstack/react-table';
import { messages } from '../../lib/messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { ContextMenu, type ContextItem } from '../../ui/ContextMenu.tsx';
import { DataTableHead, features, type Features } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { languageLabel } from '../../lib/languages.ts';
import { SettingsPage } from '../SettingsPage.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { TableSkeleton } from '../../ui/Skeleton.tsx';
import { useSettings } from '../store/index.ts';
import { STATUSES, type Submission } from '../store/submissions.ts';
import { STATUS_LABELS, STATUS_TONES } from '../submissionStatus.ts';
import { useSite } from '../useSite.ts';

const column = createColumnHelper<Features, Submission>();
const FILTER_SELECT =
  'h-7 rounded-md border-0 py-0 pr-7 pl-2 text-xs font-normal ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600';
const ROW = 40;

function StatusBadge({ status }: { status: Submission['status'] }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-px text-[11px] font-medium ring-1 ring-inset ${STATUS_TONES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * Spec 002 §2 "Form submissions": the inbox, filtered by form and by status (the API's filters), a
 * status menu per row, and the detail panel (forms/submissions/{id?}).
 */
export default function Submissions() {
  const site = useSite();
  const { id } = useParams();
  const navigate = useNavigate();
  const submissions = useSettings((s) => s.submissions);
  const loading = useSettings((s) => s.submissionsLoading);
  const load = useSettings((s) => s.loadSubmissions);
  const loadMore = useSettings((s) => s.loadMoreSubmissions);
  const setStatus = useSettings((s) => s.setSubmissionStatus);
  const remove = useSettings((s) => s.deleteSubmission);
  const exportAll = useSettings((s) => s.exportSubmissions);
  const filters = useSettings((s) => s.submissionFilters);
  const filter = useSettings((s) => s.filterSubmissions);
  const [menu, setMenu] = useState<{ row: Submission; at: { x: number; y: number } } | null>(null);
  const [exporting, setExporting] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const base = `/sites/${encodeURIComponent(site.id)}/settings/forms/submissions`;

  useEffect(() => {
    void load();
  }, [load]);

  const items = submissions?.items ?? [];
  const open = id ? items.find((s) => String(s.id) === id) : undefined;

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('formName', { header: 'Form', cell: (c) => <span className="font-medium text-gray-900">{c.getValue()}</span> }),
        column.accessor('language', { header: 'Language', cell: (c) => languageLabel(c.getValue()) }),
        column.accessor('status', { header: 'Status', cell: (c) => <StatusBadge status={c.getValue()} /> }),
        column.accessor('timestamp', {
          header: 'Submitted',
          cell: (c) => <time dateTime={c.getValue()}>{formatDateTime(c.getValue())}</time>,
        }),
        column.display({
          id: 'menu',
          header: () => <span className="sr-only">Actions</span>,
          cell: (c) => (
            <button
              type="button"
              aria-label={`Actions for submission ${c.row.original.id}`}
              aria-haspopup="menu"
              onClick={(e) => {
                e.stopPropagation();
                const box = e.currentTarget.getBoundingClientRect();
                setMenu({ row: c.row.original, at: { x: box.right - 176, y: box.bottom + 4 } });
              }}
              className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
            >
              <Iconify icon={iconMore} className="size-4" />
            </button>
          ),
        }),
      ]),
    [],
  );
  const table = useTable({ features, columns, data: items, getRowId: (row) => String(row.id) });
  const rows = table.getRowModel().rows;
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 12 });
  const shown = virtual.getVirtualItems();
  const last = shown[shown.length - 1];

  // The next page loads as the list nears its end.
  useEffect(() => {
    if (last && last.index >= rows.length - 10) void loadMore();
  }, [last, rows.length, loadMore]);

  const menuItems = (row: Submission): ContextItem[] => [
    ...STATUSES.map((status) => ({
      label: STATUS_LABELS[status],
      checked: row.status === status,
      onSelect: () => void setStatus(row.id, status),
    })),
    { separator: true as const },
    {
      label: 'Delete',
      danger: true,
      onSelect: () =>
        void remove(row.id).then((removed) => {
          if (removed && String(row.id) === id) void navigate(base);
        }),
    },
  ];

  const filtered = filters.form !== null || filters.status !== null;
  const padTop = shown[0]?.start ?? 0;
  const padBottom = last ? virtual.getTotalSize() - last.end : 0;
  return (
    <SettingsPage
      title="Form submissions"
      description={
        submissions
          ? `${submissions.total} ${submissions.total === 1 ? 'submission' : 'submissions'} ${filtered ? (submissions.total === 1 ? 'matches the filters' : 'match the filters') : "from the site's forms"}, newest first.`
          : "What visitors sent through the site's forms."
      }
      wide
      panel={open ? 480 : null}
      actions={
        submissions &&
        submissions.total > 0 && (
          <Button
            variant="secondary"
            size="sm"
            busy={exporting}
            onClick={async () => {
              setExporting(true);
              await exportAll();
              setExporting(false);
            }}
          >
            <Iconify icon={iconDownload} className="size-3.5" /> Export CSV
          </Button>
        )
      }
    >
      {submissions !== null && (submissions.forms.length > 0 || filtered) && (
        <div className="mb-3 flex flex-wrap items-center gap-3" role="group" aria-label="Filter submissions">
          <label className="flex items-center gap-2 text-xs font-medium text-gray-800">
            Form
            <select
              value={filters.form ?? ''}
              onChange={(e) => void filter({ ...filters, form: e.target.value || null })}
              className={FILTER_SELECT}
            >
              <option value="">All forms</option>
              {[...new Set([...submissions.forms, ...(filters.form !== null ? [filters.form] : [])])].map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-xs font-medium text-gray-800">
            Status
            <select
              value={filters.status ?? ''}
              onChange={(e) => void filter({ ...filters, status: STATUSES.find((s) => s === e.target.value) ?? null })}
              className={FILTER_SELECT}
            >
              <option value="">All statuses</option>
              <StatusOptions />
            </select>
          </label>
          {filtered && (
            <Button variant="ghost" size="sm" onClick={() => void filter({ form: null, status: null })}>
              Clear filters
            </Button>
          )}
        </div>
      )}
      {submissions === null ? (
        <TableSkeleton columns={4} />
      ) : items.length === 0 && filtered ? (
        <EmptyState
          icon={iconInbox}
          title="No submissions match"
          text="No submission has this form and status. Clear the filters to see every one."
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={iconInbox}
          title={messages.submissionsEmpty}
          text="When a visitor sends a form of the published site, it shows here."
        />
      ) : (
        <div ref={scroller} className="max-h-[calc(100vh-16rem)] overflow-auto rounded-lg bg-white ring-1 ring-gray-200" tabIndex={-1}>
          <table
            className="w-full border-collapse text-left text-[13px]"
            aria-label="Form submissions"
            aria-rowcount={submissions.total + 1}
          >
            <DataTableHead table={table} className="sticky top-0 z-[1] bg-gray-50" />
            <tbody>
              {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
              {shown.map((v) => {
                const row = rows[v.index]!;
                const selected = String(row.original.id) === id;
                return (
                  <tr
                    key={row.id}
                    data-testid="submission-row"
                    aria-rowindex={v.index + 2}
                    aria-selected={selected}
                    style={{ height: ROW }}
                    onClick={() => navigate(`${base}/${row.original.id}`)}
                    onContextMenu={(e) => {
                      e.preventDefault();
                      setMenu({ row: row.original, at: { x: e.clientX, y: e.clientY } });
                    }}
                    className={`cursor-pointer border-b border-gray-100 ${selected ? 'bg-brand-50/70' : 'hover:bg-gray-50'} ${row.original.status === 'new' ? 'font-medium' : ''}`}
                  >
                    {row.getAllCells().map((cell) => (
                      <td key={cell.id} className="px-3 align-middle whitespace-nowrap text-gray-800">
                        <table.FlexRender cell={cell} />
                      </td>
                    ))}
                  </tr>
                );
              })}
              {padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} />}
            </tbody>
          </table>
          {loading && <div className="h-10 animate-pulse border-t border-gray-100 bg-gray-50" aria-hidden="true" />}
        </div>
      )}
      {open && <SubmissionPanel submission={open} onClose={() => navigate(base)} onMenu={(at) => setMenu({ row: open, at })} />}
      {menu && <ContextMenu label={`Submission ${menu.row.id}`} at={menu.at} items={menuItems(menu.row)} onClose={() => setMenu(null)} />}
    </SettingsPage>
  );
}

function SubmissionPanel({
  submission,
  onClose,
  onMenu,
}: {
  submission: Submission;
  onClose(): void;
  onMenu(at: { x: number; y: number }): void;
}) {
  const setStatus = useSettings((s) => s.setSubmissionStatus);
  const fields = Object.entries(submission.body);
  return (
    <SidePanel title={`${submission.formName} · ${formatDateTime(submission.timestamp)}`} onClose={onClose} width={480}>
      <div className="flex items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-xs font-medium text-gray-800">
          Status
          <select
            value={submission.status}
            onChange={(e) => void setStatus(submission.id, STATUSES.find((s) => s === e.target.value) ?? submission.status)}
            className="h-7 rounded-md border-0 py-0 pr-7 pl-2 text-xs ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600"
          >
            <StatusOptions />
          </select>
        </label>
        <button
          type="button"
          aria-label="More actions"
          aria-haspopup="menu"
          onClick={(e) => {
            const box = e.currentTarget.getBoundingClientRect();
            onMenu({ x: box.right - 176, y: box.bottom + 4 });
          }}
          className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
        >
          <Iconify icon={iconMore} className="size-4" />
        </button>
      </div>
      <p className="text-xs text-gray-600">
        {languageLabel(submission.language)} · received {formatDateTime(submission.timestamp)}
      </p>
      <dl className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200" aria-label="Fields">
        {fields.map(([name, value]) => (
          <div key={name} className="px-3 py-2.5">
            <dt className="text-[11px] font-semibold tracking-wide text-gray-600 uppercase">{name}</dt>
            <dd className="mt-0.5 text-[13px] break-words whitespace-pre-wrap text-gray-900">
              {(Array.isArray(value) ? value.join(', ') : value) || <span className="text-gray-500">—</span>}
            </dd>
          </div>
        ))}
      </dl>
    </SidePanel>
  );
}

/** A status select's choices, in the order of the spec. */
function StatusOptions() {
  return STATUSES.map((s) => (
    <option key={s} value={s}>
      {STATUS_LABELS[s]}
    </option>
  ));
}
