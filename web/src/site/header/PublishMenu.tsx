import { Link } from 'react-router-dom';
import { timeAgo } from '../../lib/format.ts';
import { NO_SITEMAP, SET_DOMAIN } from '../../lib/messages.ts';
import { Icon, Spinner } from '../../ui/Icon.tsx';
import { useEditor } from '../store/context.tsx';
import { downloadZip, publishSite } from '../actions/publish.ts';
import { useAction } from '../actions/useAction.ts';
import { EditorMenu, menuItemClass } from './EditorMenu.tsx';
import { DeploysDialog } from './DeploysDialog.tsx';
import { useState } from 'react';

/** The publish menu: publish to the webhook with its last status, download the zip, the compiled files. */
export function PublishMenu() {
  const siteId = useEditor((s) => s.siteId);
  const last = useEditor((s) => s.site?.publish);
  // The compile settings' domain (or an older document's address) makes the sitemap's absolute addresses.
  const hasAddress = useEditor((s) => Boolean(s.site?.settings?.compile?.domain?.trim() || s.site?.settings?.url?.trim()));
  const publish = useAction(publishSite);
  const download = useAction(downloadZip);
  const [busy, setBusy] = useState<'webhook' | 'download' | null>(null);
  const [deploys, setDeploys] = useState(false);
  const site = `/sites/${encodeURIComponent(siteId)}`;

  async function run(kind: 'webhook' | 'download', close: () => void) {
    close();
    setBusy(kind);
    try {
      await (kind === 'webhook' ? publish.run() : download.run());
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      {deploys && <DeploysDialog onClose={() => setDeploys(false)} />}
      <EditorMenu
        label="Publish"
        buttonClassName="flex h-7 items-center gap-1.5 rounded-md bg-brand-600 px-2.5 text-[13px] font-semibold text-white hover:bg-brand-700"
        button={
          <>
            {busy ? <Spinner className="size-3.5" /> : <Icon name="rocket" className="size-3.5" />}
            Publish
            <Icon name="chevronDown" className="size-3.5" />
          </>
        }
      >
        {(close) => (
          <>
            <p className="px-3 pt-1.5 pb-2 text-xs text-gray-500" data-testid="publish-status">
              {last?.timestamp
                ? `Last ${last.type === 'download' ? 'downloaded' : 'published'} ${timeAgo(last.timestamp)} by ${last.author ?? 'someone'}`
                : 'Not published yet'}
            </p>
            <button
              type="button"
              aria-disabled={!publish.enabled}
              className={menuItemClass}
              onClick={() => publish.enabled && void run('webhook', close)}
            >
              <Icon name="rocket" className="size-4 text-gray-500" />
              <span className="flex-1">Publish to webhook</span>
            </button>
            {!publish.enabled && (
              <p className="px-3 pb-1.5 pl-9 text-[11px] text-gray-500">
                No webhook is set.{' '}
                <Link to={`${site}/settings/publish`} className="text-brand-700 underline" onClick={close}>
                  Publish settings
                </Link>
              </p>
            )}
            <button type="button" className={menuItemClass} onClick={() => void run('download', close)}>
              <Icon name="archive" className="size-4 text-gray-500" />
              Download zip
            </button>
            <div role="separator" className="my-1 border-t border-gray-100" />
            <button
              type="button"
              className={menuItemClass}
              onClick={() => {
                close();
                setDeploys(true);
              }}
            >
              <Icon name="history" className="size-4 text-gray-500" />
              Deploys
            </button>
            <Link to={`${site}/compiled`} className={menuItemClass} onClick={close}>
              <Icon name="layout" className="size-4 text-gray-500" />
              Compiled files
            </Link>
            {!hasAddress && (
              <p role="note" data-testid="publish-sitemap" className="max-w-64 px-3 pt-1 pb-1.5 text-[11px] leading-4 text-gray-600">
                {NO_SITEMAP}{' '}
                <Link to={`${site}/settings/compile`} className="text-brand-700 underline" onClick={close}>
                  {SET_DOMAIN}
                </Link>
              </p>
            )}
          </>
        )}
      </EditorMenu>
    </>
  );
}
