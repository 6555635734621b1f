import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '@pagewright/sdk';
import { paletteActions } from '../../../site/actions/registry.ts';
import { isMac } from '../../../site/header/platform.ts';
import { useActionContext } from '../../../site/store/context.tsx';
import { PopupFrame } from '../../../ui/popup/PopupFrame.tsx';
import { PALETTE_GROUPS, paletteEntries, paletteFilter } from './entries.ts';

/**
 * The command palette (Cmd/Ctrl+K, EDITOR-UX "every shortcut is discoverable"): every registered
 * action by its label, with its shortcut and greyed out where it cannot run now, plus go to page,
 * select component by name and open setting…, found by fuzzy search. cmdk gives the accessible
 * combobox (an input that owns a listbox of options, moved through with the arrow keys).
 */
export function CommandPalette({ onClose }: { onClose(): void }) {
  const ctx = useActionContext();
  const root = useRef<HTMLDivElement>(null);
  useActiveDescendant(root);
  // What is offered is read when the palette opens: it is closed again before anything changes.
  const entries = useMemo(() => paletteEntries(ctx.store.getState(), paletteActions(), isMac()), [ctx]);
  const [search, setSearch] = useState('');
  // The group with the best match first (cmdk sorts the options within a group).
  const groups = useMemo(() => {
    if (!search) return PALETTE_GROUPS;
    const best = (group: string) =>
      Math.max(0, ...entries.filter((e) => e.group === group).map((e) => paletteFilter(e.value, search, e.keywords)));
    return [...PALETTE_GROUPS].sort((a, b) => best(b) - best(a));
  }, [entries, search]);
  const choose = (value: string) => {
    const entry = entries.find((e) => e.value === value);
    if (!entry?.enabled) return;
    onClose();
    entry.run(ctx);
  };
  return (
    <PopupFrame title="Command palette" onClose={onClose} modal width={480} testId="command-palette">
      <Command ref={root} label="Command palette" loop filter={paletteFilter} className="flex min-h-0 flex-col">
        <div className="border-b border-gray-100 px-3 pb-2">
          <Command.Input
            data-autofocus
            value={search}
            onValueChange={setSearch}
            placeholder="Type a command, a page, a component or a setting"
            className="h-8 w-full rounded-md bg-gray-50 px-2 text-[13px] text-gray-900 ring-1 ring-gray-200 outline-none placeholder:text-gray-500 focus:ring-2 focus:ring-brand-500"
          />
        </div>
        <Command.List label="Commands" className="max-h-80 overflow-y-auto overscroll-contain px-1.5 py-1.5">
          <Command.Empty className="px-2 py-3 text-[12px] text-gray-600">{messages.noResults}</Command.Empty>
          {groups.map((group) => {
            const items = entries.filter((e) => e.group === group);
            if (items.length === 0) return null;
            return (
              <Command.Group
                key={group}
                heading={group}
                className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-gray-500 [&_[cmdk-group-heading]]:uppercase"
              >
                {items.map((entry) => (
                  <Command.Item
                    key={entry.value}
                    value={entry.value}
                    keywords={entry.keywords}
                    // Not cmdk's `disabled`: it would leave the combobox pointing at an option the search took
                    // away. An action that cannot run now is greyed out, says so, and Enter leaves it be.
                    data-unavailable={entry.enabled ? undefined : 'true'}
                    onSelect={choose}
                    className="flex h-7 cursor-default items-center gap-2 rounded-md px-2 text-[13px] text-gray-800 data-[unavailable=true]:text-gray-600 data-[unavailable=true]:italic data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800"
                  >
                    <span className="min-w-0 flex-1 truncate">
                      {entry.label}
                      {!entry.enabled && <span className="sr-only">, not available now</span>}
                    </span>
                    {entry.hint && <span className="shrink-0 truncate text-[11px] text-gray-600">{entry.hint}</span>}
                  </Command.Item>
                ))}
              </Command.Group>
            );
          })}
        </Command.List>
      </Command>
    </PopupFrame>
  );
}

/**
 * cmdk 1.1.1 names the combobox's active option only when the chosen value changes, so after a search
 * that keeps the value its `aria-activedescendant` can name an option the search took away
 * (dip/cmdk#413). This keeps the input and the list pointing at the option marked selected, the one
 * Enter runs. React writes the attribute only when cmdk's own value changes, so the fix stays.
 */
function useActiveDescendant(root: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const sync = () => {
      const id = el.querySelector('[cmdk-item][aria-selected="true"]')?.id;
      for (const owner of el.querySelectorAll('[cmdk-input], [cmdk-list]')) {
        if (id && owner.getAttribute('aria-activedescendant') !== id) owner.setAttribute('aria-activedescendant', id);
        else if (!id && owner.hasAttribute('aria-activedescendant')) owner.removeAttribute('aria-activedescendant');
      }
    };
    const observer = new MutationObserver(sync);
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'aria-activedescendant'] });
    sync();
    return () => observer.disconnect();
  }, [root]);
}
