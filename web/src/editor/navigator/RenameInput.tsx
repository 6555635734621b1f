import { useEffect, useRef, useState } from 'react';

interface Props {
  initial: string;
  label: string;
  onSave(name: string): void;
  onCancel(): void;
}

/** The inline name field of a tree item or a page: Enter saves, Escape or leaving it cancels. */
export function RenameInput({ initial, label, onSave, onCancel }: Props) {
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  useEffect(() => {
    input.current?.focus({ preventScroll: true });
    input.current?.select();
  }, []);

  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    if (save) onSave(value);
    else onCancel();
  };

  return (
    <input
      ref={input}
      aria-label={label}
      value={value}
      maxLength={100}
      spellCheck={false}
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        // The field's keys are its own: not the tree's, not a drag's, not the editor's shortcuts.
        event.stopPropagation();
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(true);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(false)}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={(event) => event.stopPropagation()}
      onDoubleClick={(event) => event.stopPropagation()}
      className="h-5 min-w-0 flex-1 rounded-sm bg-white px-1 text-[12px] text-gray-900 shadow-[inset_0_0_0_1px_var(--color-brand-500)] outline-none"
    />
  );
}
