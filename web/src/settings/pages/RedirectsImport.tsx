import { useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { redirectRows, type RedirectRow } from '../redirectsCsv.ts';
import { useSettings } from '../store/index.ts';

const STATUS: Record<RedirectRow['status'], { label: string; tone: string }> = {
  new: { label: 'New', tone: 'bg-emerald-50 text-emerald-800' },
  exists: { label: 'Exists', tone: 'bg-gray-100 text-gray-700' },
  invalid: { label: 'Invalid', tone: 'bg-red-50 text-red-800' },
};

/** Redirects from a CSV file (from, to): a preview of what will be added, then one call per redirect. */
export function RedirectsImport({ onClose }: { onClose(): void }) {
  const existing = useSettings((s) => s.redirects) ?? [];
  const create = useSettings((s) => s.createRedirect);
  const input = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState<RedirectRow[] | null>(null);
  const [fileName, setFileName] = useState('');
  const [progress, setProgress] = useState<{ done: number; refused: number } | null>(null);
  const adding = rows?.filter((r) => r.status === 'new') ?? [];

  async function read(file: File | undefined) {
    if (!file) return;
    const { parse } = await import('papaparse');
    const parsed = parse<string[]>(await file.text(), { skipEmptyLines: true });
    setFileName(file.name);
    setRows(redirectRows(parsed.data, existing));
  }

  async function run() {
    let done = 0;
    let refused = 0;
    setProgress({ done, refused });
    for (const row of adding) {
      const { error } = await create({ from: row.from, to: row.to });
      if (error) refused += 1;
      else done += 1;
      setProgress({ done, refused });
    }
    if (refused === 0) onClose();
  }

  return (
    <Modal
      title="Import redirects"
      description="A CSV file with two columns, from and to. A header row naming them is skipped."
      onClose={onClose}
      size="lg"
      footer={
        <>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {progress && progress.refused > 0 ? 'Close' : 'Cancel'}
          </Button>
          {rows && !progress && (
            <Button size="sm" disabled={adding.length === 0} onClick={() => void run()}>
              Import {adding.length} {adding.length === 1 ? 'redirect' : 'redirects'}
            </Button>
          )}
        </>
      }
    >
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        className="hidden"
        aria-label="CSV file"
        onChange={(e) => void read(e.target.files?.[0])}
      />
      <div className="flex items-center gap-3">
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
          Choose a CSV file
        </Button>
        <span className="truncate text-xs text-gray-600">{fileName || 'No file chosen'}</span>
      </div>
      {progress && (
        <p role="status" className="mt-3 text-xs text-gray-700">
          Imported {progress.done} of {adding.length}
          {progress.refused > 0 && `; ${progress.refused} refused by the server`}.
        </p>
      )}
      {rows && (
        <div className="mt-4 max-h-72 overflow-y-auto rounded-md ring-1 ring-gray-200" tabIndex={0} aria-label="Import preview">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Redirects in the file</caption>
            <thead className="sticky top-0 bg-gray-50 text-[11px] tracking-wide text-gray-600 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  From
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  To
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className="border-t border-gray-100" data-testid="import-row">
                  <td className="px-3 py-1.5 font-mono">{r.from}</td>
                  <td className="px-3 py-1.5 font-mono break-all">{r.to}</td>
                  <td className="px-3 py-1.5">
                    <span className={`rounded px-1.5 py-0.5 text-[11px] font-medium ${STATUS[r.status].tone}`}>
                      {STATUS[r.status].label}
                    </span>
                    {r.message && <span className="ml-1 text-gray-600"> {r.message}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}
