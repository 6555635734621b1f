/**
 * The languages the language pickers offer, each with its English name (a site may hold other codes,
 * which are kept and shown). The names are written here rather than asked of the browser: a browser's
 * own table may lack some (Chromium has no name for `se`, Northern Sami, and showed the bare code).
 */
const LANGUAGE_NAMES = new Map<string, string>([
  ['ar', 'Arabic'],
  ['bg', 'Bulgarian'],
  ['ca', 'Catalan'],
  ['cs', 'Czech'],
  ['cy', 'Welsh'],
  ['da', 'Danish'],
  ['de', 'German'],
  ['el', 'Greek'],
  ['en', 'English'],
  ['es', 'Spanish'],
  ['et', 'Estonian'],
  ['eu', 'Basque'],
  ['fa', 'Persian'],
  ['fi', 'Finnish'],
  ['fr', 'French'],
  ['ga', 'Irish'],
  ['gl', 'Galician'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
  ['hr', 'Croatian'],
  ['hu', 'Hungarian'],
  ['id', 'Indonesian'],
  ['is', 'Icelandic'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['lt', 'Lithuanian'],
  ['lv', 'Latvian'],
  ['mt', 'Maltese'],
  ['nb', 'Norwegian Bokmål'],
  ['nl', 'Dutch'],
  ['nn', 'Norwegian Nynorsk'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['pt-br', 'Brazilian Portuguese'],
  ['ro', 'Romanian'],
  ['ru', 'Russian'],
  ['se', 'Northern Sami'],
  ['sk', 'Slovak'],
  ['sl', 'Slovenian'],
  ['sr', 'Serbian'],
  ['sv', 'Swedish'],
  ['th', 'Thai'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['vi', 'Vietnamese'],
  ['zh', 'Chinese'],
  ['zh-tw', 'Chinese (Taiwan)'],
]);

/** Language codes the language pickers offer, in the table's order. */
export const LANGUAGE_CODES: readonly string[] = [...LANGUAGE_NAMES.keys()];

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** "Finnish (fi)"; an unknown code is shown as it is. */
export function languageLabel(code: string): string {
  let name = LANGUAGE_NAMES.get(code) ?? code;
  try {
    if (name === code) name = names.of(code) ?? code;
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
