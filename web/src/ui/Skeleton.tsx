/** Grey bars in the shape of a form while its data loads (skeletons, not spinners). */
export function FormSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading" className="space-y-5" data-testid="settings-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="space-y-1.5">
          <div className="h-3 w-28 animate-pulse rounded bg-gray-200" />
          <div className="h-8 w-full animate-pulse rounded-md bg-gray-100" />
        </div>
      ))}
    </div>
  );
}

export function TableSkeleton({ rows = 6, columns = 4 }: { rows?: number; columns?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading" className="overflow-hidden rounded-lg ring-1 ring-gray-200" data-testid="settings-skeleton">
      <div className="h-8 border-b border-gray-200 bg-gray-50" />
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex h-10 items-center gap-6 border-b border-gray-100 px-3 last:border-b-0">
          {Array.from({ length: columns }, (_, c) => (
            <div key={c} className="h-3 flex-1 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ))}
    </div>
  );
}
