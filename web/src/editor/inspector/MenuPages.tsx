import iconX from '@iconify-icons/lucide/x';
import { Iconify } from '../../ui/Iconify.tsx';
import { pageAddressOf } from '../navigator/pageAddress.ts';
import { useEditor } from '../../site/store/context.tsx';
import { Select, type ValueRowProps } from './controls.tsx';
import { chosenPages, menuPageChoices } from './menuPages.ts';

/**
 * A menu's Custom pages, picked by name: the chosen pages in menu order, each with its address and a
 * remove button, and a select of the site's other pages to add one at the end.
 */
export function MenuPages({ id, label, value, disabled, onCommit }: ValueRowProps) {
  const pages = useEditor((s) => s.pages);
  const defaultLanguage = useEditor((s) => s.site?.settings?.languages?.[0] ?? s.language);
  const chosen = chosenPages(value);
  const commit = (next: string[]) => onCommit(next.length ? next : null);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      {chosen.length > 0 && (
        <ul aria-label={label} className="flex flex-col gap-px rounded border border-gray-200 p-0.5">
          {chosen.map((pageId) => {
            const page = pages.find((p) => p.id === pageId);
            const name = page ? page.name || page.id : pageId;
            return (
              <li key={pageId} className="flex h-6 items-center gap-1.5 rounded px-1.5 text-[11px] text-gray-800 hover:bg-gray-50">
                <span className="min-w-0 truncate">{name}</span>
                <span className="ml-auto shrink-0 truncate font-mono text-[10px] text-gray-500">
                  {page ? pageAddressOf(page, defaultLanguage) : 'missing'}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${name}`}
                  title={`Remove ${name}`}
                  disabled={disabled}
                  onClick={() => commit(chosen.filter((c) => c !== pageId))}
                  className="grid size-4 shrink-0 place-items-center rounded text-gray-500 hover:bg-gray-200 hover:text-gray-900"
                >
                  <Iconify icon={iconX} className="size-3" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Select
        id={id}
        label={label}
        placeholder="Add page…"
        options={menuPageChoices(pages, chosen).map((p) => ({ value: p.id, label: p.name || p.id }))}
        value=""
        disabled={disabled}
        onPick={(picked) => {
          if (picked) commit([...chosen, picked]);
        }}
      />
    </div>
  );
}
