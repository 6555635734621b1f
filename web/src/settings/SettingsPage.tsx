import type { ReactNode } from 'react';
import { useSettings } from './store/index.ts';
import { languageLabel } from '../lib/languages.ts';

interface Props {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Tables use the room; forms keep to the 480 px column (spec 002 §9). */
  wide?: boolean;
  /** Offer the language switch for localized fields. */
  localized?: boolean;
  /** The width of an open side panel, which the page keeps clear of. */
  panel?: 360 | 480 | null;
  children: ReactNode;
}

/** One settings page: its heading, help text and actions above the form or table. */
export function SettingsPage({ title, description, actions, wide = false, localized = false, panel = null, children }: Props) {
  return (
    <div
      className={`px-10 pt-8 pb-10 ${wide ? 'max-w-6xl' : 'max-w-[calc(480px+5rem)]'} ${panel === 480 ? 'mr-[480px]' : panel === 360 ? 'mr-[360px]' : ''}`}
    >
      <header className="mb-6">
        <div className="flex min-h-8 items-center justify-between gap-4">
          <h1 className="text-lg font-semibold tracking-tight text-gray-900">{title}</h1>
          <div className="flex shrink-0 items-center gap-3">
            {localized && <LanguageSwitch />}
            {actions}
          </div>
        </div>
        {description && <p className="mt-1 max-w-[480px] text-[13px] leading-5 text-gray-600">{description}</p>}
      </header>
      {children}
    </div>
  );
}

/** Which language the localized fields show, when the site has more than one. */
function LanguageSwitch() {
  const languages = useSettings((s) => s.site?.settings?.languages);
  const language = useSettings((s) => s.language);
  const setLanguage = useSettings((s) => s.setLanguage);
  if (!languages || languages.length < 2) return null;
  const current = language && languages.includes(language) ? language : languages[0];
  return (
    <label className="flex items-center gap-2 text-xs text-gray-700">
      Language
      <select
        value={current}
        onChange={(e) => setLanguage(e.target.value)}
        className="h-7 rounded-md border-0 bg-white py-0 pr-7 pl-2 text-xs ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-brand-600"
      >
        {languages.map((l) => (
          <option key={l} value={l}>
            {languageLabel(l)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The form's language: the chosen one if the site has it, else the main language. */
export function useFormLanguage(): { languages: string[]; language: string } {
  const languages = useSettings((s) => s.site?.settings?.languages) ?? ['en'];
  const chosen = useSettings((s) => s.language);
  return { languages, language: chosen && languages.includes(chosen) ? chosen : (languages[0] ?? 'en') };
}
