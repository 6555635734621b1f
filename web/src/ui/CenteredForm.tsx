import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from './Field.tsx';
import { Logo } from './Logo.tsx';

interface Props {
  title: string;
  text?: ReactNode;
  /** The form-level error, shown under the text. */
  error?: ReactNode;
  /** 480 px instead of 360 px (spec 000 §9). */
  wide?: boolean;
  onSubmit?(event: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
  footer?: ReactNode;
  /** Changes on every failed attempt; the form shakes once each time. */
  shakeKey?: number;
}

/** The auth screens' layout: a centred column with title, text, error and the form. */
export function CenteredForm({ title, text, error, wide = false, onSubmit, children, footer, shakeKey = 0 }: Props) {
  const card = useRef<HTMLDivElement>(null);
  const firstKey = useRef(shakeKey);

  useEffect(() => {
    if (shakeKey === firstKey.current || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    card.current?.animate(
      [
        { transform: 'translateX(0)' },
        { transform: 'translateX(-6px)' },
        { transform: 'translateX(6px)' },
        { transform: 'translateX(-4px)' },
        { transform: 'translateX(0)' },
      ],
      { duration: 350, easing: 'ease-in-out' },
    );
  }, [shakeKey]);

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50 via-gray-50 to-gray-50">
      <header className="flex h-header items-center px-6">
        <Link to="/" className="rounded-md" aria-label="Pagewright home">
          <Logo />
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-[6vh] pb-16">
        <div className={`w-full ${wide ? 'max-w-[480px]' : 'max-w-[360px]'}`}>
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
            {text && <div className="mt-2 text-sm leading-6 text-gray-600">{text}</div>}
          </div>
          <div ref={card} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-900/5 sm:p-7">
            <FormAlert className="mb-5">{error}</FormAlert>
            {onSubmit ? (
              <form noValidate onSubmit={onSubmit} className="space-y-5">
                {children}
              </form>
            ) : (
              children
            )}
          </div>
          {footer && <div className="mt-6 text-center text-sm text-gray-600">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
