import { invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { fonts } from '../model/catalogs.js';
import { colorScale } from '../model/colors.js';

import type { SiteDoc, Theme } from '../model/document.js';
import type { Draft } from '../model/paths.js';

/** The design-theme screen (spec 001 §2): colours, fonts, appearance, scales and theme variables. */

const BASE_COLORS = ['primary', 'secondary', 'gray'];
const COLOR_NAME = /^[a-z][a-z0-9-]{0,30}$/;

/** PATCH /theme/colors: `{ name: hex }` makes that scale from the base colour; `null` removes an added colour. */
export function editColors(draft: Draft<SiteDoc>, body: Record<string, unknown>) {
  for (const [name, value] of Object.entries(body)) {
    if (!COLOR_NAME.test(name)) throw invalid(name, messages.colorNameInvalid);
    if (value === null) {
      if (BASE_COLORS.includes(name)) throw invalid(name, messages.baseColorRequired);
      draft.remove(['theme', 'colors', name]);
      continue;
    }
    // "Hex color must be 6 hex digits (a leading # added)" (spec 001 §5).
    const hex = typeof value === 'string' ? value.trim().replace(/^#?/, '#') : '';
    if (!/^#[0-9a-f]{6}$/i.test(hex)) throw invalid(name, messages.hexColor);
    if (draft.doc.theme.colors[name]?.base !== hex.toLowerCase()) draft.set(['theme', 'colors', name], colorScale(hex));
  }
  return { colors: draft.doc.theme.colors };
}

const weights = (value: unknown, field: string): number[] | undefined => {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((w) => Number.isInteger(w))) throw invalid(field, `${field} must be a list of weights`);
  return value as number[];
};

/**
 * PATCH /theme/fonts/{role}: `{ family, normal?, italic? }`. Only weights the family has are kept
 * (spec 001 §4 "Fonts"); without an upright weight it takes 400, or its first weight.
 */
export function editFont(draft: Draft<SiteDoc>, role: string, body: { family?: unknown; normal?: unknown; italic?: unknown }) {
  if (role !== 'heading' && role !== 'sans') throw notFound(messages.fontRoleInvalid);
  const current = draft.doc.theme.fonts[role];
  const name = body.family === undefined ? current.family : body.family;
  const family = fonts.find((f) => typeof name === 'string' && f.family.toLowerCase() === name.trim().toLowerCase());
  if (!family) throw invalid('family', messages.fontNotFound);
  const wantNormal = weights(body.normal, 'normal') ?? current.normal;
  const wantItalic = weights(body.italic, 'italic') ?? current.italic;
  let normal = [...new Set(wantNormal.filter((w) => family.normal.includes(w)))].sort((a, b) => a - b);
  if (normal.length === 0) normal = [family.normal.includes(400) ? 400 : family.normal[0]!];
  const italic = [...new Set(wantItalic.filter((w) => family.italic.includes(w)))].sort((a, b) => a - b);
  draft.set(['theme', 'fonts', role], { family: family.family, normal, italic });
  return { role, font: draft.doc.theme.fonts[role] };
}

const SIZES = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'];
/** Theme variables of spec 001 §2: spacing, text size and corner tokens. */
export const THEME_VARS = [
  'section-x',
  'section-y',
  'gap',
  'gap-lg',
  'gap-md',
  'gap-sm',
  'gap-xs',
  'text-sm',
  'text-lg',
  ...SIZES.map((s) => `box-${s}`),
  ...SIZES.map((s) => `button-${s}`),
];
export const TEXT_SCALES = [90, 95, 100, 105, 110];
export const CORNER_SCALES = [0, 50, 100, 150, 200];
const LENGTH = /^(0|-?(\d+(\.\d+)?|\.\d+)(px|rem|em|%|vw|vh|vmin|vmax|ch|ex|svh|dvh|lvh))$/;
const FUNCTION = /^(clamp|min|max|calc)\([0-9a-z.%+\-*/, ()]{1,200}\)$/;

function scale(value: unknown, allowed: number[]): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !allowed.includes(n)) throw invalid('value', messages.optionInvalid(allowed.map(String)));
  return n;
}

const themeVars = (theme: Theme) => ({
  appearance: theme.appearance,
  textScale: theme.textScale,
  cornerScale: theme.cornerScale,
  vars: theme.vars,
});

/** PATCH /theme/vars: `{ variable, value }` for a token, or for appearance, textScale or cornerScale. */
export function editVar(draft: Draft<SiteDoc>, body: { variable?: unknown; value?: unknown }) {
  const { variable, value } = body;
  if (variable === 'appearance') {
    if (value !== 'light' && value !== 'auto' && value !== 'dark')
      throw invalid('value', messages.optionInvalid(['light', 'auto', 'dark']));
    draft.set(['theme', 'appearance'], value);
  } else if (variable === 'textScale') {
    draft.set(['theme', 'textScale'], scale(value, TEXT_SCALES));
  } else if (variable === 'cornerScale') {
    draft.set(['theme', 'cornerScale'], scale(value, CORNER_SCALES));
  } else if (typeof variable === 'string' && THEME_VARS.includes(variable)) {
    if (value === null || value === '') {
      draft.remove(['theme', 'vars', variable]);
    } else {
      const css = typeof value === 'string' ? value.trim().toLowerCase() : '';
      if (!LENGTH.test(css) && !FUNCTION.test(css)) throw invalid('value', messages.themeValueInvalid);
      draft.set(['theme', 'vars', variable], css);
    }
  } else {
    throw invalid('variable', messages.themeVariableUnknown);
  }
  return themeVars(draft.doc.theme);
}
