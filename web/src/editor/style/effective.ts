/**
 * One style model (DESIGN "One style model, resolved as Tailwind resolves it"): a control reads the
 * component's *effective* value at the variant being edited, from all its classes as the page gets them
 * (its shared style's, then its own settings', whatever each setting is called, merged by
 * @pagewright/sdk/classes as the renderer merges them), or the one a narrower breakpoint passes on.
 * Writing replaces every class of the same conflict group at that variant in all of the node's
 * settings: one edit that may touch several settings.
 */
import { componentClasses, layeredClasses, overrides, type StyleSettings } from '@pagewright/sdk/classes';
import { classesOf, splitClass } from './classList.ts';
import { writeControl, type StyleControl } from './controls.ts';
import { BREAKPOINTS, parseVariant, variantKey } from '../../site/store/variants.ts';

type Matcher = (utility: string) => boolean;

/** What a component's style classes are made of: its own settings and its shared style's. */
export interface StyleLayers {
  own: StyleSettings;
  shared?: StyleSettings;
}

/** Where a control's value comes from at a variant. `from` names the variant, or 'shared style'. */
export type Effective =
  { kind: 'set'; utility: string | null } | { kind: 'inherited'; from: string; utility: string | null } | { kind: 'default' };

export const SHARED_STYLE = 'shared style';

const withVariant = (variant: string, utility: string) => (variant ? `${variant}:${utility}` : utility);

/**
 * A utility of the control's kind, to tell which classes are in its conflict group (a fluid size is
 * in the Size control's group; `p-4` is not in Padding X's, though it sets it). Null for none.
 */
export function probeOf(control: StyleControl): string | null {
  const sample =
    control.kind === 'select' || control.kind === 'pill' || control.kind === 'combo'
      ? (control.options.find((o) => o.value)?.value ?? '')
      : control.kind === 'range'
        ? String(control.min)
        : control.kind === 'length'
          ? '1px'
          : control.kind === 'fluid'
            ? '16|24'
            : 'white';
  const written = writeControl(control, sample);
  return 'utility' in written ? written.utility : null;
}

/**
 * The variants a variant takes its look from when it has no value of its own, nearest first: the
 * narrower breakpoints with the same state, then the same without the state, down to base.
 */
export function fallbacksOf(variant: string): string[] {
  const v = parseVariant(variant);
  if (!v) return [];
  const index = BREAKPOINTS.findIndex((b) => b.name === v.breakpoint);
  const out: string[] = [];
  for (const state of v.state ? [v.state, null] : [null]) {
    for (let i = index; i >= 0; i--) {
      const key = variantKey({ breakpoint: BREAKPOINTS[i]!.name, state });
      if (key !== variant && !out.includes(key)) out.push(key);
    }
  }
  return out;
}

/** A control's reading of one merged class list (see `readEffective`); the list is worked out once per node. */
export function readMerged(
  merged: readonly string[],
  ownClasses: ReadonlySet<string>,
  variant: string,
  matches: Matcher,
  probe: string | null = null,
): Effective {
  // The class the control shows at `key`: the last one left there of its kind (or of its conflict group).
  const at = (key: string): { cls: string; utility: string | null } | null => {
    for (let i = merged.length - 1; i >= 0; i--) {
      const cls = merged[i]!;
      const { variant: v, utility } = splitClass(cls);
      if (v !== key) continue;
      if (matches(utility)) return { cls, utility };
      if (probe && overrides(probe, utility)) return { cls, utility: null };
    }
    return null;
  };
  const here = at(variant);
  if (here)
    return ownClasses.has(here.cls)
      ? { kind: 'set', utility: here.utility }
      : { kind: 'inherited', from: SHARED_STYLE, utility: here.utility };
  for (const key of fallbacksOf(variant)) {
    const found = at(key);
    if (found) return { kind: 'inherited', from: key, utility: found.utility };
  }
  return { kind: 'default' };
}

/**
 * The classes a node's style rows read: its own settings (a part's settings `part.*` for a part's rows,
 * the others for the node's), merged after its shared style's for the node. Its Classes (typed names)
 * are no control's.
 */
export function styleLayers(
  style: StyleSettings,
  options: { part: string | null; parts: readonly string[]; shared?: StyleSettings },
): { own: StyleSettings; merged: string[]; mine: Set<string> } {
  const { part, parts } = options;
  const own = Object.fromEntries(
    Object.entries(style).filter(([k]) => (part ? k.startsWith(`${part}.`) : !parts.some((p) => k.startsWith(`${p}.`)))),
  );
  return { own, merged: componentClasses(own, part ? undefined : options.shared), mine: new Set(layeredClasses(own)) };
}

/** What a control shows at a variant: its own class there, the shared style's, or a narrower breakpoint's. */
export function readEffective(layers: StyleLayers, variant: string, matches: Matcher, probe: string | null = null): Effective {
  const merged = componentClasses(layers.own, layers.shared);
  return readMerged(merged, new Set(layeredClasses(layers.own)), variant, matches, probe);
}

export type StyleEdit = { setting: string; value: string | null };

/** The settings whose classes changed, as edits (null removes a setting left empty). */
function editsOf(own: StyleSettings, next: Map<string, string[]>): StyleEdit[] {
  const edits: StyleEdit[] = [];
  for (const [setting, classes] of next) {
    const value = classes.length ? [...new Set(classes)].join(' ') : null;
    if ((own[setting] ?? null) !== value) edits.push({ setting, value });
  }
  return edits;
}

const settingsOf = (own: StyleSettings) => new Map(Object.entries(own).map(([k, v]) => [k, classesOf(v)]));

/**
 * A control's write at a variant: every class of the node the new one replaces (same conflict group
 * and variant) goes from whichever setting holds it, and the new class joins the setting that holds
 * its group's classes at other variants (else `setting`, the row's). `utility` null clears the
 * control's value there (its classes and their conflict group's), so the variant inherits again.
 */
export function writeEffective(
  own: StyleSettings,
  setting: string,
  variant: string,
  utility: string | null,
  matches: Matcher,
  probe: string | null = null,
): StyleEdit[] {
  const next = settingsOf(own);
  const cls = utility ? withVariant(variant, utility) : null;
  const probeHere = probe ? withVariant(variant, probe) : null;
  const goes = (c: string) => {
    if (cls) return overrides(c, cls);
    const part = splitClass(c);
    return (part.variant === variant && matches(part.utility)) || (probeHere !== null && overrides(c, probeHere));
  };
  // Its group's home: a setting with a class the new utility would replace at the same variant.
  const sameGroup = (c: string) => {
    const part = splitClass(c);
    const u = utility ?? probe;
    return (u !== null && overrides(withVariant(part.variant, part.utility), withVariant(part.variant, u))) || matches(part.utility);
  };
  let home: string | null = null;
  const removed: string[] = [];
  for (const [key, classes] of next) {
    if (home === null && classes.some(sameGroup)) home = key;
    removed.push(...classes.filter(goes));
    next.set(
      key,
      classes.filter((c) => !goes(c)),
    );
  }
  // The value it has already: nothing to edit.
  if (cls && removed.length > 0 && removed.every((c) => c === cls)) return [];
  if (cls) {
    const target = home ?? setting;
    next.set(target, [...(next.get(target) ?? []), cls]);
  }
  return editsOf(own, next);
}

/** The control's classes at every variant, from all the node's settings (what a row's Copy takes), or null. */
export function takeControl(own: StyleSettings, matches: Matcher): string | null {
  const out = layeredClasses(own).filter((c) => matches(splitClass(c).utility));
  return out.length ? [...new Set(out)].join(' ') : null;
}

/**
 * The control's classes at every variant replaced by `classes` (Reset passes null, Paste the copied
 * classes), in all of the node's settings; the new ones join `setting`.
 */
export function replaceControl(own: StyleSettings, setting: string, matches: Matcher, classes: string | null): StyleEdit[] {
  const next = settingsOf(own);
  let home: string | null = null;
  for (const [key, list] of next) {
    if (home === null && list.some((c) => matches(splitClass(c).utility))) home = key;
    next.set(
      key,
      list.filter((c) => !matches(splitClass(c).utility)),
    );
  }
  const added = classesOf(classes).filter((c) => matches(splitClass(c).utility));
  if (added.length) {
    const target = home ?? setting;
    next.set(target, [...(next.get(target) ?? []), ...added]);
  }
  return editsOf(own, next);
}
