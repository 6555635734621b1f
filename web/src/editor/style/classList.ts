/**
 * A style setting's value is a space-separated list of Tailwind classes, each with its variant prefix
 * (`p-4 md:p-8 dark:md:hover:bg-primary-l3`; spec 001 §3 "Style setting"). These read and write one.
 */

export const classesOf = (value: string | undefined | null): string[] => (value ?? '').split(/\s+/).filter(Boolean);

/** A class split at its last top-level colon: `md:hover:bg-[#fff]` → variant `md:hover`, utility `bg-[#fff]`; base has ''. */
export function splitClass(cls: string): { variant: string; utility: string } {
  let depth = 0;
  let at = -1;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls[i];
    if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === ':' && depth === 0) at = i;
  }
  return at < 0 ? { variant: '', utility: cls } : { variant: cls.slice(0, at), utility: cls.slice(at + 1) };
}

/** The classes grouped by variant, base first, then in the order they appear. */
export function byVariant(value: string | undefined): Array<{ variant: string; classes: string[] }> {
  const groups = new Map<string, string[]>();
  for (const cls of classesOf(value)) {
    const { variant } = splitClass(cls);
    groups.set(variant, [...(groups.get(variant) ?? []), cls]);
  }
  return [...groups].map(([variant, classes]) => ({ variant, classes })).sort((a, b) => (a.variant === '' ? -1 : b.variant === '' ? 1 : 0));
}

/** The utility a control shows: the first class of the variant whose utility matches. */
export function pick(value: string | undefined, variant: string, matches: (utility: string) => boolean): string | null {
  for (const cls of classesOf(value)) {
    const part = splitClass(cls);
    if (part.variant === variant && matches(part.utility)) return part.utility;
  }
  return null;
}

/**
 * The setting with the control's class replaced: every class of the variant that matches goes, and
 * `utility` (unless null) takes the place of the first. Null when nothing is left (the setting is removed).
 */
export function put(
  value: string | undefined,
  variant: string,
  matches: (utility: string) => boolean,
  utility: string | null,
): string | null {
  const out: string[] = [];
  let placed = false;
  const next = utility ? (variant ? `${variant}:${utility}` : utility) : null;
  for (const cls of classesOf(value)) {
    const part = splitClass(cls);
    if (part.variant === variant && matches(part.utility)) {
      if (next && !placed) out.push(next);
      placed = true;
      continue;
    }
    out.push(cls);
  }
  if (next && !placed) out.push(next);
  return out.length ? out.join(' ') : null;
}

/** The setting with one class added (once) or taken away. */
export function addClass(value: string | undefined, cls: string): string {
  const list = classesOf(value);
  return (list.includes(cls) ? list : [...list, cls]).join(' ');
}
export function removeClass(value: string | undefined, cls: string): string | null {
  const list = classesOf(value).filter((c) => c !== cls);
  return list.length ? list.join(' ') : null;
}

/** `textColor` → 'Text color', for a setting name a person reads. */
export const settingLabel = (setting: string) => {
  const words = setting.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
