import { setThemeVariable } from '../../site/actions/theme.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { CommitRow, PanelSection } from './controls.tsx';

const SIZES = ['xs', 'sm', 'md', 'lg', 'xl', '2xl', '3xl'];

/** The theme variables of spec 001 §2, as data: a group lists its tokens and the label each shows. */
export const TOKEN_GROUPS: ReadonlyArray<{ title: string; note?: string; tokens: ReadonlyArray<{ variable: string; label: string }> }> = [
  {
    title: 'Spacing',
    tokens: [
      { variable: 'section-x', label: 'Section x' },
      { variable: 'section-y', label: 'Section y' },
      { variable: 'gap', label: 'Gap' },
      { variable: 'gap-lg', label: 'Gap lg' },
      { variable: 'gap-md', label: 'Gap md' },
      { variable: 'gap-sm', label: 'Gap sm' },
      { variable: 'gap-xs', label: 'Gap xs' },
    ],
  },
  {
    title: 'Text size',
    note: 'Base text is 16px.',
    tokens: [
      { variable: 'text-sm', label: 'Text sm' },
      { variable: 'text-lg', label: 'Text lg' },
    ],
  },
  { title: 'Box corners', tokens: SIZES.map((size) => ({ variable: `box-${size}`, label: `Box ${size}` })) },
  { title: 'Button corners', tokens: SIZES.map((size) => ({ variable: `button-${size}`, label: `Button ${size}` })) },
];

/** One token: a CSS length or clamp/min/max/calc, saved on Enter; empty resets it. The server checks it. */
function TokenRow({ variable, label, value }: { variable: string; label: string; value: string }) {
  const { run, enabled } = useAction(setThemeVariable);
  return (
    <CommitRow
      label={label}
      value={value}
      mono
      placeholder="Default"
      disabled={!enabled}
      onCommit={(next, onInvalid) => void run({ variable, value: next === '' ? null : next, onInvalid })}
    />
  );
}

export function ThemeTokens({ vars }: { vars: Record<string, string> }) {
  return (
    <>
      {TOKEN_GROUPS.map((group) => (
        <PanelSection key={group.title} title={group.title}>
          {group.note && <p className="text-[11px] text-gray-500">{group.note}</p>}
          {group.tokens.map((token) => (
            <TokenRow key={token.variable} variable={token.variable} label={token.label} value={vars[token.variable] ?? ''} />
          ))}
        </PanelSection>
      ))}
    </>
  );
}
