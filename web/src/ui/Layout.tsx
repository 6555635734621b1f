import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Icon, type IconName } from './Icon.tsx';

/** The standard page frame inside the app layout. */
export function Page({ children, width = 'wide' }: { children: ReactNode; width?: 'wide' | 'narrow' }) {
  return <div className={`mx-auto w-full px-4 py-8 sm:px-6 sm:py-10 ${width === 'wide' ? 'max-w-7xl' : 'max-w-3xl'}`}>{children}</div>;
}

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        {description && <p className="mt-1.5 text-sm text-gray-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function EmptyState({ icon, title, text, action }: { icon: IconName; title: string; text: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon name={icon} className="size-6" />
      </div>
      <h2 className="mt-4 text-base font-semibold text-gray-900">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-gray-600">{text}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}

const TONES = {
  info: { box: 'bg-brand-50 text-brand-900 ring-brand-200', icon: 'sparkles' as IconName },
  success: { box: 'bg-emerald-50 text-emerald-900 ring-emerald-200', icon: 'check' as IconName },
  warning: { box: 'bg-amber-50 text-amber-900 ring-amber-300', icon: 'alert' as IconName },
  error: { box: 'bg-red-50 text-red-900 ring-red-200', icon: 'alert' as IconName },
};

export function Notice({
  tone = 'info',
  title,
  children,
  action,
  role,
}: {
  tone?: keyof typeof TONES;
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  role?: 'alert' | 'status';
}) {
  const t = TONES[tone];
  return (
    <div role={role} className={`flex flex-wrap items-start gap-3 rounded-xl px-4 py-3 text-sm ring-1 ring-inset ${t.box}`}>
      <Icon name={t.icon} className="mt-0.5 size-4" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-0.5' : ''}>{children}</div>}
      </div>
      {action}
    </div>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5 ${className}`}>{children}</section>;
}

export function CardHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-gray-100 px-6 py-4">
      <div>
        <h2 className="text-base font-semibold text-gray-900">{title}</h2>
        {description && <p className="mt-0.5 text-sm text-gray-600">{description}</p>}
      </div>
      {actions}
    </div>
  );
}

/** A card form's footer: the note that the save went through (when `saved` says one), then the submit button. */
export function CardFooter({ saved, busy, children }: { saved: string | null; busy: boolean; children: ReactNode }) {
  return (
    <div className="flex items-center justify-end gap-4 border-t border-gray-100 px-6 py-4">
      <p role="status" className="text-sm font-medium text-emerald-700">
        {saved && (
          <span className="inline-flex items-center gap-1.5">
            <Icon name="check" className="size-4" />
            {saved}
          </span>
        )}
      </p>
      <Button type="submit" busy={busy}>
        {children}
      </Button>
    </div>
  );
}

export function Badge({ children, tone = 'gray' }: { children: ReactNode; tone?: 'gray' | 'brand' | 'green' | 'amber' | 'red' }) {
  const tones = {
    gray: 'bg-gray-100 text-gray-700',
    brand: 'bg-brand-50 text-brand-800',
    green: 'bg-emerald-50 text-emerald-800',
    amber: 'bg-amber-50 text-amber-900',
    red: 'bg-red-50 text-red-800',
  };
  return <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}
