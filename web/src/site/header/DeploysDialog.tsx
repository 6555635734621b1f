import { useEffect, useState } from 'react';
import type { Schemas } from '@pagewright/sdk';
import { formatBytes } from '../../lib/format.ts';
import { formatDateTime } from '../../lib/format.ts';
import { messages } from '../../lib/messages.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useActionContext, useEditor } from '../store/context.tsx';

type Deploys = Schemas['Deploys'];

/** How often a failed read of the list is asked again before it says so. */
const RETRIES = 2;

/**
 * The Deploys list of the Publish menu (issue 31): each kept deploy with its time, author, version,
 * size and files changed, the live one marked, and Roll back on the others. It reloads when the
 * realtime channel says another editor (or this tab) published or rolled back.
 */
export function DeploysDialog({ onClose }: { onClose(): void }) {
  const ctx = useActionContext();
  const siteId = useEditor((s) => s.siteId);
  const readOnly = useEditor((s) => s.readOnly);
  const lastDeploy = useEditor((s) => s.lastDeploy);
  const [list, setList] = useState<Deploys | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const [asked, setAsked] = useState(0);

  const [failed, setFailed] = useState<string | null>(null);

  // Read again when it opens, after a rollback here, and when the realtime channel reports a switch. A
  // read that fails is asked again twice (a dropped connection, a busy server) before the list says so.
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = (attempt: number) => {
      void ctx.api
        .GET('/sites/{siteId}/deploys', { params: { path: { siteId } } })
        .catch(() => ({ data: undefined, error: { error: messages.networkError } }))
        .then(({ data, error }) => {
          if (!current) return;
          if (data) {
            setList(data);
            setFailed(null);
          } else if (attempt < RETRIES) timer = setTimeout(() => read(attempt + 1), 500 * 2 ** attempt);
          else setFailed((error as { error?: string } | undefined)?.error ?? messages.networkError);
        });
    };
    read(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [ctx, siteId, lastDeploy, asked]);

  async function rollback(deploy: Schemas['Deploy']) {
    const yes = await ctx.confirm({
      title: `Roll back to version ${deploy.number}?`,
      text: `Visitors get version ${deploy.number} of ${formatDateTime(deploy.createdAt)} at once. Later deploys stay in the list.`,
      confirmLabel: 'Roll back',
    });
    if (!yes) return;
    setBusy(deploy.id);
    try {
      const { data, error } = await ctx.api.POST('/sites/{siteId}/deploys/{deployId}/rollback', {
        params: { path: { siteId, deployId: deploy.id } },
      });
      if (error) ctx.showError(error);
      else if (data) ctx.notify(`Version ${data.deploy.number} is live`);
      setAsked((n) => n + 1);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal
      title="Deploys"
      size="lg"
      onClose={onClose}
      description={
        list?.url ? (
          <>
            Live at{' '}
            <a href={list.url} target="_blank" rel="noreferrer" className="text-brand-700 underline">
              {list.url}
            </a>
          </>
        ) : list ? (
          'No verified domain serves this site yet.'
        ) : undefined
      }
    >
      {!list && failed ? (
        <div className="flex flex-col items-center gap-2 py-6 text-sm">
          <p role="alert" className="text-red-700">
            {failed}
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setFailed(null);
              setAsked((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </div>
      ) : !list ? (
        <p className="py-6 text-center text-sm text-gray-500">Loading deploys…</p>
      ) : list.deploys.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500">Not published yet</p>
      ) : (
        <table className="w-full text-left text-sm" aria-label="Deploys">
          <thead className="text-xs text-gray-500">
            <tr>
              <th className="py-1.5 font-medium">Version</th>
              <th className="py-1.5 font-medium">Published</th>
              <th className="py-1.5 font-medium">Author</th>
              <th className="py-1.5 text-right font-medium">Size</th>
              <th className="py-1.5 text-right font-medium">Files changed</th>
              <th className="py-1.5">
                <span className="sr-only">Rollback</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.deploys.map((deploy) => (
              <tr key={deploy.id} className="border-t border-gray-100" data-testid="deploy-row">
                <td className="py-2 font-medium tabular-nums">{deploy.number}</td>
                <td className="py-2 text-gray-700">{formatDateTime(deploy.createdAt)}</td>
                <td className="py-2 text-gray-700">{deploy.author ?? '—'}</td>
                <td className="py-2 text-right text-gray-700 tabular-nums">{formatBytes(deploy.size)}</td>
                <td className="py-2 text-right text-gray-700 tabular-nums">{deploy.changed}</td>
                <td className="py-2 pl-3 text-right">
                  {deploy.live ? (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Live</span>
                  ) : (
                    <Button
                      variant="secondary"
                      size="sm"
                      busy={busy === deploy.id}
                      disabled={readOnly || (busy !== null && busy !== deploy.id)}
                      aria-label={`Roll back to version ${deploy.number}`}
                      onClick={() => void rollback(deploy)}
                    >
                      Roll back
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="pt-3 text-xs text-gray-500">The last {list?.kept ?? 20} deploys are kept.</p>
    </Modal>
  );
}
