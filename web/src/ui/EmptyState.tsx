import type { IconifyIcon } from '@iconify/types';
import type { ReactNode } from 'react';
import { Iconify } from './Iconify.tsx';

/** A table's empty state: the spec's words as its title. */
export function EmptyState({ icon, title, text, action }: { icon: IconifyIcon; title: string; text?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-6 py-12 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-gray-100 text-gray-600">
        <Iconify icon={icon} className="size-5" />
      </span>
      <h2 className="mt-3 text-[13px] font-semibold text-gray-900">{title}</h2>
      {text && <p className="mt-1 max-w-sm text-xs leading-5 text-gray-600">{text}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
