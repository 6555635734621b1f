import { useShallow } from 'zustand/react/shallow';
import { setThemeVariable } from '../../site/actions/theme.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { useEditor } from '../../site/store/context.tsx';
import { ColorField } from './ColorField.tsx';
import { PanelSection, Row, Segmented } from './controls.tsx';
import { PanelSkeleton } from './DesignWorkspace.tsx';
import { FontField, useWebFonts } from './FontField.tsx';
import { ThemeTokens } from './ThemeTokens.tsx';

const COLORS = [
  { name: 'primary', label: 'Primary' },
  { name: 'secondary', label: 'Secondary' },
  { name: 'gray', label: 'Gray' },
] as const;
const APPEARANCES = [
  { value: 'light', label: 'Light' },
  { value: 'auto', label: 'Auto' },
  { value: 'dark', label: 'Dark' },
] as const;
// The ranges of spec 001 §5 (text scale and corner scale as in §2).
const TEXT_SCALES = [90, 95, 100, 105, 110].map((value) => ({ value, label: `${value}%` }));
const CORNER_SCALES = [0, 50, 100, 150, 200].map((value) => ({ value, label: `${value}%` }));

function Scales() {
  const { run, enabled } = useAction(setThemeVariable);
  const { appearance, textScale, cornerScale } = useEditor(
    useShallow((s) => {
      const theme = s.site!.style!.theme;
      return { appearance: theme.appearance, textScale: theme.textScale, cornerScale: theme.cornerScale };
    }),
  );
  return (
    <PanelSection title="Appearance and scale">
      <Row label="Appearance" stacked>
        <Segmented
          label="Appearance"
          options={APPEARANCES}
          value={appearance}
          disabled={!enabled}
          onChange={(value) => void run({ variable: 'appearance', value })}
        />
      </Row>
      <Row label="Text scale" stacked>
        <Segmented
          label="Text scale"
          options={TEXT_SCALES}
          value={textScale}
          disabled={!enabled}
          onChange={(value) => void run({ variable: 'textScale', value })}
        />
      </Row>
      <Row label="Corner scale" stacked>
        <Segmented
          label="Corner scale"
          options={CORNER_SCALES}
          value={cornerScale}
          disabled={!enabled}
          onChange={(value) => void run({ variable: 'cornerScale', value })}
        />
      </Row>
    </PanelSection>
  );
}

/** The design-theme screen of spec 001 §2: colours, fonts, appearance, text and corner scales and the theme variables. */
export function ThemeScreen() {
  const theme = useEditor((s) => s.site?.style?.theme);
  const fonts = useWebFonts();
  if (!theme) return <PanelSkeleton />;
  return (
    <div>
      <h2 className="flex h-9 items-center border-b border-gray-200 px-3 text-[13px] font-semibold text-gray-900">Theme</h2>
      <PanelSection title="Colors">
        {COLORS.map((c) => theme.colors[c.name] && <ColorField key={c.name} name={c.name} label={c.label} scale={theme.colors[c.name]!} />)}
      </PanelSection>
      <PanelSection title="Fonts">
        <FontField role="heading" label="Heading font" font={theme.fonts.heading} fonts={fonts} />
        <FontField role="sans" label="Sans font" font={theme.fonts.sans} fonts={fonts} />
      </PanelSection>
      <Scales />
      <ThemeTokens vars={theme.vars} />
    </div>
  );
}
