import { useMemo, useRef, useState } from 'react';
import type { Schemas } from '@pagewright/sdk';
import iconUpload from '@iconify-icons/lucide/upload';
import { api } from '../lib/api.ts';
import { INPUT } from '../ui/form/controls.tsx';
import { Button } from '../ui/Button.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { Modal } from '../ui/Modal.tsx';
import { formatOf, itemsOf, mappingFor, parseText, rememberMapping, rememberedMapping, type Mapping, type Parsed } from './importRows.ts';
import { cellText, fieldTitle, type CmsCollection, type Field } from './values.ts';

/** The server takes at most 50,000 rows a request, each request all or nothing (openapi.yaml importItems). */
export const IMPORT_BATCH = 50_000;
const PREVIEW_ROWS = 5;

type RowError = Schemas['ImportRowError'];
interface Outcome {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  errors: RowError[];
}
type Progress = { label: string; done: number; total: number } | null;

/** One batch to the bulk endpoint: the counts, or its invalid rows (indexes in the whole file). */
async function sendBatch(
  siteId: string,
  collection: string,
  items: Record<string, unknown>[],
  offset: number,
  upsertBy: string,
  dryRun: boolean,
): Promise<{ result?: Schemas['ImportResult']; errors: RowError[]; failure?: string }> {
  const answer = await api.POST('/sites/{siteId}/content/{collection}/import', {
    params: { path: { siteId, collection } },
    body: { items, dryRun, ...(upsertBy ? { upsertBy } : {}) },
  });
  if (answer.data) return { result: answer.data, errors: [] };
  const error = answer.error as Schemas['ImportError'] | undefined;
  if (error?.code === 'IMPORT_INVALID') return { errors: (error.info?.rows ?? []).map((r) => ({ ...r, index: r.index + offset })) };
  return { errors: [], failure: error?.error ?? 'The import failed' };
}

/**
 * Import in the browser (issue 15 item 4): a file picked or dropped (CSV, JSON or NDJSON), a preview
 * of its first rows, a column-to-field mapping remembered per collection, a dry run listing every
 * invalid row and changing nothing, and the import itself: all or nothing, updating the items whose
 * chosen field matches. A file of up to 50,000 rows goes in one request (one transaction); a longer one
 * is checked whole first and written in batches of 50,000 only when every row passed.
 */
export function ImportDialog({
  siteId,
  collection,
  main,
  onClose,
  onImported,
}: {
  siteId: string;
  collection: CmsCollection;
  main: string;
  onClose(): void;
  onImported(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [mapping, setMapping] = useState<Mapping>(new Map());
  const [upsertBy, setUpsertBy] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [dragging, setDragging] = useState(false);
  const fields = collection.fields;

  async function read(file: File) {
    setProblem(null);
    setOutcome(null);
    const format = formatOf(file.name);
    if (!format) return setProblem('Choose a .csv, .json, .ndjson or .jsonl file.');
    setProgress({ label: `Reading ${file.name}`, done: 0, total: file.size });
    try {
      const next = parseText(await file.text(), format);
      if (next.rows.length === 0) {
        setProgress(null);
        return setProblem('The file has no rows.');
      }
      setName(file.name);
      setParsed(next);
      setMapping(mappingFor(next.columns, fields, main, rememberedMapping(siteId, collection.id)));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
    setProgress(null);
  }

  const items = useMemo(() => (parsed ? itemsOf(parsed.rows, mapping, fields) : []), [parsed, mapping, fields]);
  const mapped = [...mapping.values()].filter(Boolean).length;

  async function run(dryRun: boolean) {
    if (!parsed) return;
    rememberMapping(siteId, collection.id, mapping);
    setOutcome(null);
    setProblem(null);
    const total = items.length;
    const unreadable: RowError[] = parsed.unreadable.map((u) => ({ index: u.row - 1, field: '', message: u.message }));
    const sum: Outcome = { dryRun, created: 0, updated: 0, unchanged: 0, errors: [...unreadable] };
    const batches = Math.ceil(total / IMPORT_BATCH);
    /** Batch `b` of the rows, only checked when `checkOnly`. */
    const send = (b: number, checkOnly: boolean) =>
      sendBatch(siteId, collection.id, items.slice(b * IMPORT_BATCH, (b + 1) * IMPORT_BATCH), b * IMPORT_BATCH, upsertBy, checkOnly);
    // A file longer than one request is checked whole before anything is written.
    const check = dryRun || batches > 1 || unreadable.length > 0;
    if (check) {
      for (let b = 0; b < batches; b++) {
        setProgress({ label: dryRun ? 'Checking rows' : 'Checking rows before writing', done: b * IMPORT_BATCH, total });
        const answer = await send(b, true);
        if (answer.failure) {
          setProgress(null);
          return setProblem(answer.failure);
        }
        sum.errors.push(...answer.errors);
        if (answer.result) {
          sum.created += answer.result.created;
          sum.updated += answer.result.updated;
          sum.unchanged += answer.result.unchanged;
        }
      }
      if (dryRun || sum.errors.length) {
        setProgress(null);
        return setOutcome(sum);
      }
      sum.created = sum.updated = sum.unchanged = 0;
    }
    for (let b = 0; b < batches; b++) {
      setProgress({ label: 'Importing rows', done: b * IMPORT_BATCH, total });
      const answer = await send(b, false);
      if (answer.failure || answer.errors.length) {
        setProgress(null);
        if (answer.failure) setProblem(answer.failure);
        return setOutcome({ ...sum, errors: answer.errors });
      }
      if (answer.result) {
        sum.created += answer.result.created;
        sum.updated += answer.result.updated;
        sum.unchanged += answer.result.unchanged;
      }
    }
    setProgress(null);
    setOutcome(sum);
    onImported();
  }

  const busy = progress !== null;
  const columnTitle = (target: string) =>
    target === '_id' ? 'ID' : fieldTitle(fields.find((f) => f.id === target) ?? { id: target, name: target, type: 'text' }, main);

  return (
    <Modal
      title={`Import into ${collection.name}`}
      description="CSV, JSON (a list) or NDJSON; columns named like a field go there by themselves."
      onClose={busy ? () => undefined : onClose}
      size="xl"
    >
      <div className="space-y-4 text-[13px]">
        {!parsed && (
          <div
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(e) => {
              e.preventDefault();
              setDragging(false);
              const file = e.dataTransfer.files[0];
              if (file) void read(file);
            }}
            data-testid="import-drop"
            className={`flex flex-col items-center rounded-lg border-2 border-dashed px-6 py-10 text-center ${dragging ? 'border-brand-500 bg-brand-50' : 'border-gray-300'}`}
          >
            <Iconify icon={iconUpload} className="size-6 text-gray-500" />
            <p className="mt-2 font-medium text-gray-900">Drop a file here</p>
            <p className="text-xs text-gray-600">.csv, .json, .ndjson</p>
            <label className="mt-3 cursor-pointer rounded-md bg-white px-3 py-1.5 text-xs font-medium text-gray-800 ring-1 ring-gray-300 hover:bg-gray-50">
              Choose a file
              <input
                ref={input}
                type="file"
                accept=".csv,.json,.ndjson,.jsonl"
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void read(file);
                }}
              />
            </label>
          </div>
        )}
        {parsed && (
          <>
            <p className="text-xs text-gray-700">
              <span className="font-medium text-gray-900">{name}</span>: {parsed.rows.length.toLocaleString('en')} rows,{' '}
              {parsed.columns.length} columns
              {parsed.unreadable.length > 0 && <span className="text-red-700">, {parsed.unreadable.length} unreadable</span>}
            </p>
            <div className="overflow-x-auto rounded-md ring-1 ring-gray-200">
              <table className="w-full text-left text-xs" aria-label="Preview and mapping">
                <thead className="bg-gray-50">
                  <tr>
                    {parsed.columns.map((c) => (
                      <th key={c} scope="col" className="px-2 py-1.5 align-top font-medium text-gray-700">
                        <div className="mb-1 truncate">{c}</div>
                        <select
                          aria-label={`Field for column ${c}`}
                          value={mapping.get(c) ?? ''}
                          disabled={busy}
                          onChange={(e) => {
                            setMapping(new Map(mapping).set(c, e.target.value));
                            setOutcome(null);
                          }}
                          className={`${INPUT} h-7 min-w-28 text-xs`}
                        >
                          <FieldChoices none="Ignore" fields={fields} main={main} />
                        </select>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {parsed.rows.slice(0, PREVIEW_ROWS).map((row, i) => (
                    <tr key={i} className="border-t border-gray-100">
                      {parsed.columns.map((c) => (
                        <td
                          key={c}
                          className={`max-w-48 truncate px-2 py-1 ${mapping.get(c) ? 'text-gray-800' : 'text-gray-500 line-through'}`}
                        >
                          {cellText(new Map(Object.entries(row)).get(c), main, main)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="flex items-end gap-3">
              <label className="text-xs font-medium text-gray-800">
                Update items by
                <select
                  value={upsertBy}
                  onChange={(e) => setUpsertBy(e.target.value)}
                  disabled={busy}
                  className={`${INPUT} mt-1 block h-8 w-48`}
                >
                  <FieldChoices none="Nothing (always create)" fields={fields} main={main} />
                </select>
              </label>
              <p className="pb-2 text-xs text-gray-600">
                {mapped} of {parsed.columns.length} columns mapped
              </p>
            </div>
          </>
        )}
        {progress && (
          <div role="status" aria-live="polite">
            <p className="mb-1 text-xs text-gray-700">
              {progress.label}
              {progress.total > 0 && progress.label !== `Reading ${name}`
                ? ` (${progress.done.toLocaleString('en')} of ${progress.total.toLocaleString('en')})`
                : ''}
              …
            </p>
            <div className="h-1.5 overflow-hidden rounded-full bg-gray-100">
              <div
                role="progressbar"
                aria-label="Import progress"
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.done}
                className="h-full animate-pulse rounded-full bg-brand-600 transition-all"
                style={{ width: `${Math.max(8, (progress.done / Math.max(1, progress.total)) * 100)}%` }}
              />
            </div>
          </div>
        )}
        {problem && (
          <p role="alert" className="text-xs text-red-700">
            {problem}
          </p>
        )}
        {outcome && parsed && (
          <OutcomeView
            outcome={outcome}
            columnTitle={columnTitle}
            cellOf={(e) => {
              const column = [...mapping].find(([, target]) => target === e.field)?.[0];
              const row = parsed.rows[e.index];
              return column === undefined || !row ? undefined : new Map(Object.entries(row)).get(column);
            }}
          />
        )}
      </div>
      <div className="mt-6 flex justify-end gap-2 border-t border-gray-100 pt-4">
        {parsed && !busy && (
          <Button variant="ghost" size="sm" className="mr-auto" onClick={() => (setParsed(null), setOutcome(null), setProblem(null))}>
            Choose another file
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onClose} disabled={busy}>
          {outcome && !outcome.dryRun && outcome.errors.length === 0 ? 'Done' : 'Cancel'}
        </Button>
        {parsed && (
          <>
            <Button variant="secondary" size="sm" onClick={() => void run(true)} disabled={busy || mapped === 0}>
              Dry run
            </Button>
            <Button
              size="sm"
              onClick={() => void run(false)}
              busy={busy}
              disabled={busy || mapped === 0 || (outcome !== null && !outcome.dryRun && outcome.errors.length === 0)}
            >
              Import {parsed.rows.length === 1 ? '1 row' : `${parsed.rows.length.toLocaleString('en')} rows`}
            </Button>
          </>
        )}
      </div>
    </Modal>
  );
}

/** A cell's text as the file has it, shortened for the error list. */
function quoted(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;
}

function OutcomeView({
  outcome,
  columnTitle,
  cellOf,
}: {
  outcome: Outcome;
  columnTitle(target: string): string;
  /** The file's cell an error is about (undefined when the error names no mapped column). */
  cellOf(error: RowError): unknown;
}) {
  if (outcome.errors.length) {
    const count = outcome.errors.length;
    const rows = count === 1 ? '1 row is invalid' : `${count.toLocaleString('en')} rows are invalid`;
    return (
      <div role="alert" className="rounded-md bg-red-50 p-3 ring-1 ring-red-200" data-testid="import-errors">
        <p className="text-xs font-semibold text-red-800">
          {outcome.dryRun ? `${rows}: the import would write nothing. Fix the file and run it again.` : `${rows}: nothing was imported.`}
        </p>
        <ul className="mt-2 max-h-48 space-y-0.5 overflow-y-auto text-xs text-red-800">
          {outcome.errors.slice(0, 200).map((e, i) => (
            <li key={i}>
              Row {(e.index + 1).toLocaleString('en')}
              {e.field ? `, ${columnTitle(e.field)}` : ''}: {e.message}
              {e.field && cellOf(e) !== undefined && <span className="text-red-700"> (the file has {quoted(cellOf(e))})</span>}
            </li>
          ))}
        </ul>
        {count > 200 && <p className="mt-1 text-xs text-red-700">The first 200 are listed.</p>}
      </div>
    );
  }
  const counts = `${outcome.created.toLocaleString('en')} created, ${outcome.updated.toLocaleString('en')} updated, ${outcome.unchanged.toLocaleString('en')} unchanged`;
  return (
    <p role="status" className="rounded-md bg-emerald-50 p-3 text-xs text-emerald-900 ring-1 ring-emerald-200" data-testid="import-result">
      {outcome.dryRun ? `Dry run: nothing was changed. The import would give ${counts}.` : `Imported: ${counts}.`}
    </p>
  );
}

/** A select's choices of the collection's fields: `none` (the empty value), the item ID, then each field. */
function FieldChoices({ none, fields, main }: { none: string; fields: readonly Field[]; main: string }) {
  return (
    <>
      <option value="">{none}</option>
      <option value="_id">ID</option>
      {fields.map((f) => (
        <option key={f.id} value={f.id}>
          {fieldTitle(f, main)}
        </option>
      ))}
    </>
  );
}
