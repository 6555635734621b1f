import type { Schemas } from '@pagewright/sdk';
import { useId, type CSSProperties } from 'react';
import { setBodyStyle } from '../../site/actions/theme.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { useEditor } from '../../site/store/context.tsx';
import { BODY_GROUPS, matcher, type BodyControl } from './bodySettings.ts';
import { pick, put } from './classList.ts';
import { ColorTokenPicker } from './ColorTokenPicker.tsx';
import { PanelSection, Row, Select, useInvalid } from './controls.tsx';
import { PanelSkeleton } from './DesignWorkspace.tsx';
import { GlobalVariables } from './GlobalVariables.tsx';

type ColorScale = Schemas['ColorScale'];

/** One control of the body's settings, drawn from its data; a change is one edit of that setting. */
function BodySetting({ control, value, colors }: { control: BodyControl; value: string | undefined; colors: Record<string, ColorScale> }) {
  const { run, enabled } = useAction(setBodyStyle);
  const { error, onInvalid, clear } = useInvalid();
  const id = useId();
  const variant = control.variant ?? '';
  const matches = matcher(control);
  const current = pick(value, variant, matches);
  const change = (utility: string | null) => {
    clear();
    void run({ setting: control.setting, value: put(value, variant, matches, utility), onInvalid });
  };
  return (
    <Row label={control.label} htmlFor={id} error={error} errorId={`${id}-error`}>
      {control.kind === 'select' ? (
        <Select id={id} value={current ?? ''} options={control.options} disabled={!enabled} onChange={(v) => change(v || null)} />
      ) : (
        <ColorTokenPicker
          id={id}
          label={control.label}
          value={current === null ? null : current.slice(control.prefix.length)}
          colors={colors}
          disabled={!enabled}
          onChange={(token) => change(token === null ? null : `${control.prefix}${token}`)}
        />
      )}
    </Row>
  );
}

/** The design-settings screen of spec 001 §2: the page body's global settings, as the data in bodySettings.ts. */
export function SettingsScreen() {
  const theme = useEditor((s) => s.site?.style?.theme);
  if (!theme) return <PanelSkeleton />;
  return (
    // Its labels are longer than the theme's ('Dark border color').
    <div style={{ '--label-w': '104px' } as CSSProperties}>
      <h2 className="flex h-9 items-center border-b border-gray-200 px-3 text-[13px] font-semibold text-gray-900">Settings</h2>
      {BODY_GROUPS.map((group) => (
        <PanelSection key={group.title} title={group.title}>
          {group.controls.map((control) => (
            <BodySetting
              key={`${control.setting}:${control.variant ?? ''}:${control.label}`}
              control={control}
              value={theme.body[control.setting]}
              colors={theme.colors}
            />
          ))}
        </PanelSection>
      ))}
      <GlobalVariables />
    </div>
  );
}
