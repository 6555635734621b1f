import type { Option } from '../style/controls.ts';

/**
 * What a data setting's select shows. When the setting's default is one of the options, that option is
 * shown selected while nothing is set (no second entry of the same name above it), and picking it
 * clears the setting back to the default. Otherwise an empty entry names the default ('Default').
 */
export function selectValue(
  options: readonly Option[],
  value: unknown,
  fallback: unknown,
): { value: string; placeholder: string | null; stored(picked: string): string | null } {
  const current = value === undefined || value === null ? '' : String(value);
  const def = fallback === undefined || fallback === null ? undefined : String(fallback);
  if (def !== undefined && options.some((o) => o.value === def))
    return { value: current || def, placeholder: null, stored: (picked) => (picked === '' || picked === def ? null : picked) };
  return { value: current, placeholder: def ?? 'Default', stored: (picked) => (picked === '' ? null : picked) };
}
