/**
 * The one place where pickers plug into the inspector's controls. A colour row opens the colour
 * picker of web/src/pickers; the other picker kinds (image, icon, file, rich text, screen map …)
 * show a plain input until their picker is registered here. To plug one in: add it to PICKERS with
 * an adapter from its props to PickerSlotProps.
 */
import type { ComponentType } from 'react';
import { ColorPicker } from '../../pickers/ColorPicker.tsx';
import { RichTextPopup } from '../../pickers/richtext/index.tsx';
import type { ThemeColors } from '../../pickers/ThemeShades.tsx';

export interface PickerSlotProps {
  /** The control's value as the picker reads it (a colour: `primary-l5/50`, `[#1e40af]`). */
  value: string | null;
  onChange(value: string): void;
  onClose(): void;
  anchor: HTMLElement | null;
  title: string;
  colors: ThemeColors;
}

type PickerKind = 'colour' | 'image' | 'svg' | 'icon' | 'file' | 'richtext' | 'screenMap' | 'font' | 'gradient' | 'language';

const ColourSlot: ComponentType<PickerSlotProps> = ({ value, onChange, onClose, anchor, title, colors }) => (
  <ColorPicker kind="class" value={value} colors={colors} onChange={onChange} onClose={onClose} anchor={anchor} title={title} />
);

/** The kinds that have a picker; the others keep their plain input. */
export const HAS_PICKER: ReadonlySet<PickerKind> = new Set<PickerKind>(['colour', 'richtext']);

/** The rich-text popup's slot: the stored blocks in, the cleaned blocks out (spec 001 §2 "Edit richtext"). */
export interface RichTextSlotProps {
  value: unknown;
  onChange(blocks: unknown[]): void;
  onClose(): void;
  anchor: HTMLElement | null;
  siteId: string;
  pages: readonly { slug: string; name: string }[];
  label: string;
}

export function RichTextSlot(props: RichTextSlotProps) {
  return <RichTextPopup {...props} onChange={(blocks) => props.onChange(blocks)} />;
}

/** Draws the picker registered for a kind (nothing for a kind without one). */
export function PickerSlot({ kind, ...props }: PickerSlotProps & { kind: PickerKind }) {
  switch (kind) {
    case 'colour':
      return <ColourSlot {...props} />;
    default:
      return null;
  }
}
