import iconX from '@iconify-icons/lucide/x';
import { useId, useState } from 'react';
import { Iconify } from '../../ui/Iconify.tsx';
import { setSharedStyle } from '../../site/actions/theme.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { addClass, byVariant, classesOf, removeClass, settingLabel, splitClass } from './classList.ts';
import { FieldMessage, inputClass, useInvalid } from './controls.tsx';

/** A class as a chip: its variant prefix muted, the utility in full, and a button that takes it away. */
function Chip({ cls, disabled, onRemove }: { cls: string; disabled: boolean; onRemove: () => void }) {
  const { variant, utility } = splitClass(cls);
  return (
    <li className="flex h-6 max-w-full items-center rounded border border-gray-200 bg-gray-50 pl-1.5 font-mono text-[11px] text-gray-800">
      <span className="min-w-0 truncate" title={cls}>
        {variant && <span className="text-gray-600">{variant}:</span>}
        {utility}
      </span>
      <button
        type="button"
        aria-label={`Remove ${cls}`}
        title={`Remove ${cls}`}
        disabled={disabled}
        onClick={onRemove}
        className="ml-0.5 grid size-5 shrink-0 place-items-center rounded text-gray-500 hover:bg-gray-200 hover:text-gray-900 disabled:opacity-40"
      >
        <Iconify icon={iconX} className="size-3" />
      </button>
    </li>
  );
}

/**
 * One setting of a shared style: its classes grouped by variant (base, md, md:hover, dark…) as
 * removable chips, and a field that adds classes (the server checks them; its message shows here).
 */
export function SettingClasses({ styleId, setting, value }: { styleId: string; setting: string; value: string }) {
  const { run, enabled } = useAction(setSharedStyle);
  const { error, onInvalid, clear } = useInvalid();
  const [draft, setDraft] = useState('');
  const id = useId();
  const label = settingLabel(setting);
  const save = async (next: string | null) => {
    clear();
    await run({ styleId, setting, value: next, onInvalid });
  };
  const add = async () => {
    const classes = classesOf(draft);
    if (classes.length === 0) return;
    let next = value;
    for (const cls of classes) next = addClass(next, cls);
    if (next === value) return setDraft('');
    let refused = false;
    clear();
    await run({ styleId, setting, value: next, onInvalid: (m, f) => ((refused = true), onInvalid(m, f)) });
    if (!refused) setDraft('');
  };

  return (
    <section aria-label={label} className="border-b border-gray-100 px-3 py-2" data-setting={setting}>
      <h4 className="mb-1 flex h-5 items-center text-[12px] font-medium text-gray-800">
        {label}
        <span className="ml-1.5 font-mono text-[10px] font-normal text-gray-500">{setting}</span>
      </h4>
      {byVariant(value).map((group) => (
        <div key={group.variant} className="mb-1 grid grid-cols-[52px_minmax(0,1fr)] items-start gap-1.5">
          <span className="truncate pt-1 text-[10px] text-gray-500 uppercase" title={group.variant || 'base'}>
            {group.variant || 'base'}
          </span>
          <ul aria-label={`${label} ${group.variant || 'base'} classes`} className="flex min-w-0 flex-wrap gap-1">
            {group.classes.map((cls) => (
              <Chip key={cls} cls={cls} disabled={!enabled} onRemove={() => void save(removeClass(value, cls))} />
            ))}
          </ul>
        </div>
      ))}
      <input
        aria-label={`Add a class to ${label}`}
        placeholder="Add a class, e.g. md:hover:bg-primary-l3"
        value={draft}
        disabled={!enabled}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          void add();
        }}
        className={`${inputClass} mt-1 font-mono`}
      />
      <FieldMessage id={`${id}-error`} error={error} inset={false} />
    </section>
  );
}
