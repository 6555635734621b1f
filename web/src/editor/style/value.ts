/**
 * One style setting's value (spec 001 §3 "Style setting", §4 "Style setting"): a base value plus
 * variants that are added, changed or removed; reset to default, copied and pasted. The value is
 * Tailwind classes with variant prefixes, space-separated (`p-4 md:p-8 hover:bg-primary-l3`).
 */
import { classesOf, splitClass } from './classList.ts';
import { BREAKPOINTS, compareVariants, parseVariant, variantKey } from '../../site/store/variants.ts';

export type Matcher = (utility: string) => boolean;
const any: Matcher = () => true;

/** Parses a value into its classes, each with its variant prefix and utility. */
export function parseValue(value: string | null | undefined): Array<{ variant: string; utility: string }> {
  return classesOf(value).map(splitClass);
}

/** Writes classes back: one space between them, each once, null when none is left (the setting goes). */
export function serialiseValue(classes: ReadonlyArray<{ variant: string; utility: string }>): string | null {
  const out = [...new Set(classes.map((c) => (c.variant ? `${c.variant}:${c.utility}` : c.utility)))];
  return out.length ? out.join(' ') : null;
}

/** The variants the value has classes for, base first, then in breakpoint and state order. */
export function variantsOf(value: string | null | undefined, matches: Matcher = any): string[] {
  const keys = new Set<string>();
  for (const c of parseValue(value)) if (matches(c.utility)) keys.add(c.variant);
  return [...keys].sort(compareVariants);
}

/** The utilities of one variant (those the control reads, when `matches` is given). */
export function readVariant(value: string | null | undefined, variant: string, matches: Matcher = any): string[] {
  return parseValue(value)
    .filter((c) => c.variant === variant && matches(c.utility))
    .map((c) => c.utility);
}

/**
 * The value with one variant's matching utilities replaced by `utilities` (in place of the first
 * one, or at the end); an empty list removes them. Other variants and other utilities stay.
 */
export function writeVariant(
  value: string | null | undefined,
  variant: string,
  utilities: readonly string[],
  matches: Matcher = any,
): string | null {
  const out: Array<{ variant: string; utility: string }> = [];
  let placed = false;
  for (const c of parseValue(value)) {
    if (c.variant === variant && matches(c.utility)) {
      if (!placed) out.push(...utilities.map((utility) => ({ variant, utility })));
      placed = true;
      continue;
    }
    out.push(c);
  }
  if (!placed) out.push(...utilities.map((utility) => ({ variant, utility })));
  return serialiseValue(out);
}

/** The value without a variant (every class with that prefix goes). Removing base keeps the other variants. */
export function removeVariant(value: string | null | undefined, variant: string, matches: Matcher = any): string | null {
  return writeVariant(value, variant, [], matches);
}

/** Reset to default: the setting is removed, so the component shows its shared style's or its kind's default. */
export function resetValue(): null {
  return null;
}

/**
 * Where a variant with no value of its own takes its look from: the nearest narrower breakpoint with
 * the same state, then the same breakpoint without the state, down to base. Null when nothing applies.
 */
export function inheritedFrom(
  value: string | null | undefined,
  variant: string,
  matches: Matcher = any,
): { variant: string; utilities: string[] } | null {
  const v = parseVariant(variant);
  if (!v) return null;
  const index = BREAKPOINTS.findIndex((b) => b.name === v.breakpoint);
  const states = v.state ? [v.state, null] : [null];
  for (const state of states) {
    for (let i = index; i >= 0; i--) {
      const key = variantKey({ breakpoint: BREAKPOINTS[i]!.name, state });
      if (key === variant) continue;
      const utilities = readVariant(value, key, matches);
      if (utilities.length) return { variant: key, utilities };
    }
  }
  return null;
}

/** What Copy puts on the style clipboard: the setting's name and whole value. */
export interface CopiedSetting {
  setting: string;
  value: string | null;
}

export function copySetting(setting: string, value: string | null | undefined): CopiedSetting {
  return { setting, value: serialiseValue(parseValue(value)) };
}

/**
 * Paste: the copied value replaces the target's, when the target is a setting of the same kind
 * (same name, or one the caller says accepts it). Null answers "nothing to paste here".
 */
export function pasteSetting(
  copied: CopiedSetting | null,
  setting: string,
  accepts: (from: string) => boolean = (from) => from === setting,
): { value: string | null } | null {
  if (!copied || !accepts(copied.setting)) return null;
  return { value: copied.value };
}

/** The classes a control owns across every variant (what a row's Copy takes), or null. */
export function takeMatching(value: string | null | undefined, matches: Matcher): string | null {
  return serialiseValue(parseValue(value).filter((c) => matches(c.utility)));
}

/**
 * The value with a control's classes (every variant) replaced by `classes`: Reset passes null, Paste
 * the copied classes. The setting's other classes stay.
 */
export function replaceMatching(value: string | null | undefined, matches: Matcher, classes: string | null): string | null {
  const kept = parseValue(value).filter((c) => !matches(c.utility));
  const added = parseValue(classes).filter((c) => matches(c.utility));
  return serialiseValue([...kept, ...added]);
}
