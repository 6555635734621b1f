import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import iconX from '@iconify-icons/lucide/x';
import { LanguagePicker } from '../../ui/pickers/LanguagePicker.tsx';
import { Iconify } from '../../ui/Iconify.tsx';
import { LANGUAGE_CODES, languageLabel } from '../../lib/languages.ts';
import { INPUT, Row } from '../../ui/form/controls.tsx';
import { useSetting } from './context.ts';
import { PlanNotice } from './PlanNotice.tsx';

/** Spec 002 §5: "Localized languages: max 5" besides the main one. */
const LOCALIZED_MAX = 5;

/**
 * The main language and the localize-in languages, one setting (`languages`, the first is the main
 * one). Localizing is disabled when the plan's languages value is below 2 (spec 002 §6).
 */
export function LanguagesSetting({ planLanguages, owner }: { planLanguages: number; owner: boolean }) {
  const mainId = useId();
  const addId = useId();
  const s = useSetting('languages');
  const languages = Array.isArray(s.value) ? s.value.filter((l): l is string => typeof l === 'string') : ['en'];
  const [main = 'en', ...localized] = languages;
  const allowed = planLanguages >= 9999 ? LOCALIZED_MAX : Math.min(LOCALIZED_MAX, Math.max(planLanguages, 1) - 1);
  const gated = planLanguages < 2;
  const choices = (current: string) => [...new Set([current, ...LANGUAGE_CODES])];
  const readOnly = s.form.readOnly;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <Row
        id={mainId}
        label="Main language"
        help="The language of the site's addresses without a language prefix."
        error={s.error}
        changed={s.changed}
      >
        <select
          id={mainId}
          value={main}
          disabled={readOnly}
          onChange={(e) => s.set([e.target.value, ...localized.filter((l) => l !== e.target.value)])}
          className={`${INPUT} h-8`}
        >
          {choices(main).map((code) => (
            <option key={code} value={code}>
              {languageLabel(code)}
            </option>
          ))}
        </select>
      </Row>
      <Row
        id={addId}
        label="Localize in"
        help={gated ? undefined : `Up to ${allowed} ${allowed === 1 ? 'language' : 'languages'} besides the main one.`}
        aside={
          <span className="text-[11px] text-gray-600 tabular-nums">
            {localized.length} / {allowed}
          </span>
        }
      >
        {localized.length > 0 && (
          <ul className="mb-2 flex flex-wrap gap-1.5" aria-label="Localized languages">
            {localized.map((code) => (
              <li
                key={code}
                className="flex h-6 items-center gap-1 rounded-md bg-gray-100 pr-0.5 pl-2 text-xs text-gray-800 ring-1 ring-gray-200 ring-inset"
              >
                {languageLabel(code)}
                <button
                  type="button"
                  disabled={readOnly}
                  aria-label={`Remove ${languageLabel(code)}`}
                  onClick={() => s.set([main, ...localized.filter((l) => l !== code)])}
                  className="rounded p-0.5 text-gray-500 hover:bg-gray-200 hover:text-gray-800"
                >
                  <Iconify icon={iconX} className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {/* The language picker of spec 001 §2 'Select language(s)': at most the plan's count, may be emptied. */}
        <button
          id={addId}
          type="button"
          aria-label="Localize in: Select languages"
          disabled={readOnly || gated}
          onClick={(e) => setAnchor(e.currentTarget)}
          className={`${INPUT} h-8 text-left`}
        >
          Select languages
        </button>
        {anchor &&
          createPortal(
            <LanguagePicker
              value={localized}
              max={allowed}
              allowEmpty
              languages={LANGUAGE_CODES.filter((c) => c !== main)}
              onChange={(codes) => s.set([main, ...codes])}
              onClose={() => setAnchor(null)}
              anchor={anchor}
            />,
            document.body,
          )}
      </Row>
      {gated && (
        <PlanNotice feature="Localizing the site in more languages needs a pricing plan with at least 2 languages." owner={owner} />
      )}
    </>
  );
}
