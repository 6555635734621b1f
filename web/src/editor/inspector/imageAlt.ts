/** What the user is told when a new image took the place of one that had alt text. */
export const ALT_CLEARED = 'Alt text cleared: describe the new image';

/**
 * The data a new image writes: the image, and its alt text with it. The old alt text described the
 * old picture, so it follows the new one: the alt the new value carries (`{ src, alt }`), else none.
 * `told` is what to tell the user when an alt text went away unseen; null when nothing changed.
 */
export function imageChange(
  data: Readonly<Record<string, unknown>>,
  key: string,
  value: unknown,
): { patch: Map<string, unknown>; told: string | null } {
  const patch = new Map<string, unknown>([[key, value]]);
  if (key !== 'value' || JSON.stringify(data[key] ?? null) === JSON.stringify(value ?? null)) return { patch, told: null };
  const carried =
    value && typeof value === 'object' && typeof (value as { alt?: unknown }).alt === 'string' ? (value as { alt: string }).alt : null;
  const before = data.alt ?? null;
  if (carried === null && before === null) return { patch, told: null };
  patch.set('alt', carried);
  return { patch, told: carried === null ? ALT_CLEARED : null };
}
