/** Language codes the language pickers offer (a site may hold others, which are kept and shown). */
export const LANGUAGE_CODES = [
  'ar',
  'bg',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'el',
  'en',
  'es',
  'et',
  'eu',
  'fa',
  'fi',
  'fr',
  'ga',
  'gl',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'is',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'mt',
  'nb',
  'nl',
  'nn',
  'pl',
  'pt',
  'pt-br',
  'ro',
  'ru',
  'se',
  'sk',
  'sl',
  'sr',
  'sv',
  'th',
  'tr',
  'uk',
  'vi',
  'zh',
  'zh-tw',
];

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** "Finnish (fi)"; an unknown code is shown as it is. */
export function languageLabel(code: string): string {
  let name = code;
  try {
    name = names.of(code) ?? code;
  } catch {
    // not a well-formed tag: show the code
  }
  return name === code ? code : `${name} (${code})`;
}

/** A localized text in one language: a plain text is the main language's (and every language's fallback). */
export function locText(value: unknown, language: string, main: string): string {
  if (typeof value === 'string') return language === main ? value : '';
  if (value && typeof value === 'object') {
    const text: unknown = new Map(Object.entries(value as Record<string, unknown>)).get(language);
    return typeof text === 'string' ? text : '';
  }
  return '';
}

/** The value with one language's text replaced; a one-language site keeps plain text. */
export function withLocText(value: unknown, language: string, main: string, languages: string[], text: string): unknown {
  if (languages.length <= 1) return text;
  const next = new Map<string, unknown>();
  if (typeof value === 'string') next.set(main, value);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) next.set(k, v);
  next.set('_loc', true);
  next.set(language, text);
  return Object.fromEntries(next);
}
