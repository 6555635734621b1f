import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';

/** The list screens' table frame (the admin tables, the archive): column headers over rows the caller draws. */
export function Table({ headers, children }: { headers: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-gray-200 bg-gray-50/80 text-xs font-semibold tracking-wide text-gray-600 uppercase">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-4 py-3">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </div>
  );
}

/** The search field above a list; `label` is its accessible name, and the placeholder unless one is given. */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder = `${label}…`,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
}) {
  return (
    <div className="relative w-full sm:w-72">
      <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="block w-full rounded-lg border-0 bg-white py-2 pr-3 pl-9 text-sm shadow-sm ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600 focus:outline-none"
      />
    </div>
  );
}
