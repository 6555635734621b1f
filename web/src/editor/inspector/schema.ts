/**
 * The inspector is configuration (CONVENTIONS 7b, as Puck's `config.components[type].fields`): a
 * component kind lists its groups, a group lists settings with a control, label, range and default;
 * one renderer draws any of them. Adding a setting is one line of data.
 */
import type { Option, StyleControl } from '../style/controls.ts';

export type Tab = 'content' | 'animation' | 'layout' | 'style' | 'settings';
export const TABS: ReadonlyArray<{ id: Tab; label: string }> = [
  { id: 'content', label: 'Content' },
  { id: 'animation', label: 'Animation' },
  { id: 'layout', label: 'Layout' },
  { id: 'style', label: 'Style' },
  { id: 'settings', label: 'Settings' },
];

/** Controls of data settings (spec 001 §3 "Data types of settings"); pickers plug in through the registry. */
export type DataControl =
  | {
      kind: 'text';
      multiline?: boolean;
      mayBeEmpty?: boolean;
      placeholder?: string;
      prefix?: string;
      /** The single-line rich input, allowing a heading's marks or a text's (spec 001 §5). */
      rich?: 'heading' | 'text';
    }
  | { kind: 'number'; min?: number; max?: number; step?: number; integer?: boolean; shownOffset?: number }
  | { kind: 'range'; min: number; max: number; step?: number; suffix?: string }
  | { kind: 'select'; options: readonly Option[] }
  | { kind: 'toggle'; on?: unknown; off?: unknown }
  | { kind: 'list'; placeholder?: string }
  | { kind: 'multiselect'; options: readonly Option[] }
  /** Pages of the site picked by name, in order (a menu's Custom pages). */
  | { kind: 'menuPages' }
  /** Site languages picked in 'Select language(s)' (a language switcher's or a menu's languages). */
  | { kind: 'languages' }
  /** A list's or a gallery's own items (`data.items`, the `_ul` / `_gallery` sources). */
  | { kind: 'listItems' | 'galleryItems' }
  | { kind: 'image' | 'svg' | 'icon' | 'file' | 'richtext' | 'code' | 'options' | 'screenMap' | 'resolution' | 'color' | 'date' }
  | { kind: 'sharedStyle' }
  | { kind: 'schemaOrg' }
  | { kind: 'action' }
  | { kind: 'cms' };

interface SettingBase {
  /** Unique within a panel: the key the row is known by (tests, copy/paste). */
  id: string;
  label: string;
  /** One line under the control, when the name is not enough. */
  help?: string;
}

/** A style setting row: a control owning some utilities of one style setting (`node.style[setting]`). */
export interface StyleSetting extends SettingBase {
  store: 'style';
  setting: string;
  control: StyleControl;
  /** The row edits the dark-mode variant (`dark:` before the variant being edited). */
  dark?: boolean;
}

/** A data setting row: `node.data[key]` (value, `_options.*`, `_attr.*` …). */
export interface DataSetting extends SettingBase {
  store: 'data';
  key: string;
  control: DataControl;
  default?: unknown;
  /** Shown only when this holds for the component's data (e.g. the sort order only with a sort field). */
  when?: (data: ReadonlyMap<string, unknown>) => boolean;
}

export type SettingDef = StyleSetting | DataSetting;

export interface GroupDef {
  id: string;
  title: string;
  tab: Tab;
  settings: readonly SettingDef[];
}

export interface PanelDef {
  /** The spec's name of the kind (spec 001 §2 "Inspector panels per component kind"). */
  kind: string;
  label: string;
  /** Groups in panel order; the Content tab shows when any group is on it. */
  groups: readonly GroupDef[];
  /** Child parts a user can drill into (breadcrumb: home icon, separator, links, current). */
  children?: ReadonlyArray<{ id: string; label: string; groups: readonly GroupDef[] }>;
}

export const opt = (value: string, label = value): Option => ({ value, label });
export const opts = (...values: Array<string | [string, string]>): Option[] =>
  values.map((v) => (Array.isArray(v) ? opt(v[0], v[1]) : opt(v, v.charAt(0).toUpperCase() + v.slice(1))));

/** A data setting row (`node.data[key]`): the one helper the panels and the groups declare rows with. */
export const dataSetting = (
  id: string,
  label: string,
  key: string,
  control: DataControl,
  extra: Partial<DataSetting> = {},
): DataSetting => ({
  id,
  label,
  store: 'data',
  key,
  control,
  ...extra,
});
