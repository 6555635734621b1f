import { Link } from 'react-router-dom';
import { formatDateTime } from '../../lib/format.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useActionContext, useEditor } from '../store/context.tsx';
import { downloadVersion, resetVersion } from '../actions/versions.ts';
import { useAction } from '../actions/useAction.ts';
import { perform } from '../actions/registry.ts';
import { EditorMenu, menuItemClass } from './EditorMenu.tsx';

const SHOWN = 6;

/** `1 change` / `3 changes` since the last version: edits are saved as they are made, so none is "unsaved". */
const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'} since the last version`;

/**
 * The version menu: save a version, reset to the last one, the latest versions with download (spec 001 §4).
 * Its count is the changes since the last version (decision 0078): every edit is already saved.
 */
export function VersionMenu() {
  const ctx = useActionContext();
  const unsaved = useEditor((s) => s.history.unsaved);
  const versions = useEditor((s) => s.site?.versions);
  const siteId = useEditor((s) => s.siteId);
  const readOnly = useEditor((s) => s.readOnly);
  const openPopup = useEditor((s) => s.openPopup);
  const reset = useAction(resetVersion);
  const newest = [...(versions ?? [])].sort((a, b) => b.id - a.id).slice(0, SHOWN);

  return (
    <EditorMenu
      // The badge's count is part of what the button shows, so it is part of its name.
      label={unsaved > 0 ? `Versions ${changes(unsaved)}` : 'Versions'}
      buttonClassName="flex h-7 items-center gap-1.5 rounded-md px-2 text-[13px] font-medium text-gray-700 hover:bg-gray-100"
      button={
        <>
          <Icon name="history" className="size-4" />
          Versions{' '}
          {unsaved > 0 && (
            <span
              className="rounded-full bg-amber-100 px-1.5 text-[11px] font-semibold text-amber-800 tabular-nums"
              title={changes(unsaved)}
            >
              {unsaved}
              <span className="sr-only"> {unsaved === 1 ? 'change' : 'changes'} since the last version</span>
            </span>
          )}
          <Icon name="chevronDown" className="size-3.5 text-gray-500" />
        </>
      }
      width="w-96"
    >
      {(close) => (
        <>
          <p className="px-3 pt-1.5 text-xs font-medium text-gray-700">
            {unsaved === 0 ? 'No changes since the last version' : changes(unsaved)}
          </p>
          <p className="px-3 pt-0.5 pb-2 text-xs text-gray-500">
            Your edits are saved as you make them. A version is a checkpoint of the whole site that you can return to.
          </p>
          <button
            type="button"
            aria-disabled={readOnly}
            className={menuItemClass}
            onClick={() => {
              if (readOnly) return;
              close();
              openPopup({ name: 'commit' });
            }}
          >
            <Icon name="check" className="size-4 text-gray-500" />
            Save version…
          </button>
          <button
            type="button"
            aria-disabled={!reset.enabled}
            className={menuItemClass}
            onClick={() => {
              if (!reset.enabled) return;
              close();
              void reset.run();
            }}
          >
            <Icon name="rotate" className="size-4 text-gray-500" />
            Reset to the last version
          </button>
          <div role="separator" className="my-1 border-t border-gray-100" />
          <p className="px-3 pt-1 pb-1 text-[11px] font-semibold tracking-wide text-gray-500 uppercase">Saved versions</p>
          {newest.length === 0 && <p className="px-3 pb-2 text-xs text-gray-500">No saved versions yet</p>}
          <ul aria-label="Saved versions">
            {newest.map((v) => (
              <li key={v.id} className="flex items-center gap-2 px-3 py-1.5">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-[13px] text-gray-900">{v.message || 'Untitled version'}</p>
                  <p className="truncate text-[11px] text-gray-500">
                    {v.authorName ?? 'Unknown'} · {formatDateTime(v.created)} · <span className="font-mono">{v.hash.slice(0, 7)}</span>
                  </p>
                </div>
                <button
                  type="button"
                  className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
                  aria-label={`Download ${v.message || 'version'}`}
                  title="Download"
                  onClick={() => {
                    close();
                    void perform(ctx, downloadVersion, { versionId: v.id });
                  }}
                >
                  <Icon name="external" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
          <div role="separator" className="my-1 border-t border-gray-100" />
          <Link to={`/sites/${encodeURIComponent(siteId)}/settings/versions`} className={menuItemClass} onClick={close}>
            All versions
          </Link>
        </>
      )}
    </EditorMenu>
  );
}
