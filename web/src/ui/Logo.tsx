export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#3E64DE" />
        <path
          d="M10 23V9h6.5a4.5 4.5 0 0 1 0 9H14"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="23" cy="22" r="2.5" fill="#10A6E9" />
      </svg>
      {!compact && <span className="text-base font-bold tracking-tight text-gray-900">Pagewright</span>}
    </span>
  );
}
