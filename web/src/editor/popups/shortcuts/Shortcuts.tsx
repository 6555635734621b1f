import { useMemo } from 'react';
import { registeredActions } from '../../../site/actions/registry.ts';
import { isMac } from '../../../site/header/platform.ts';
import { PopupFrame } from '../../../ui/popup/PopupFrame.tsx';
import { shortcutGroups } from './shortcutList.ts';

/** The "?" sheet (EDITOR-UX: every shortcut is discoverable): each registered action with its keys. */
export function Shortcuts({ onClose }: { onClose(): void }) {
  const groups = useMemo(() => shortcutGroups(registeredActions(), isMac()), []);
  return (
    <PopupFrame title="Keyboard shortcuts" onClose={onClose} modal width={340} testId="shortcuts">
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pt-1 pb-3" tabIndex={0} aria-label="Shortcuts" role="region">
        {groups.map((group) => (
          <section key={group.title} aria-labelledby={`shortcuts-${group.title}`} className="mt-2">
            <h3 id={`shortcuts-${group.title}`} className="py-1 text-[11px] font-medium tracking-wide text-gray-500 uppercase">
              {group.title}
            </h3>
            <dl className="divide-y divide-gray-100">
              {group.rows.map((row) => (
                <div key={row.name} className="flex min-h-7 items-center justify-between gap-3 py-1">
                  <dt className="text-[12px] text-gray-800">{row.label}</dt>
                  <dd className="flex shrink-0 items-center gap-1 text-[11px] text-gray-500">
                    {row.keys.map((key, i) => (
                      <span key={key} className="flex items-center gap-1">
                        {i > 0 && <span>or</span>}
                        <kbd className="rounded border border-gray-200 bg-gray-50 px-1.5 py-px font-sans text-[11px] font-medium text-gray-700 shadow-[0_1px_0_rgba(0,0,0,0.06)]">
                          {key}
                        </kbd>
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </PopupFrame>
  );
}
