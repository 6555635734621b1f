/**
 * The one place where pickers plug into the inspector's controls. A colour row opens the colour
 * picker of web/src/pickers; the other picker kinds (image, icon, file, rich text, screen map …)
 * show a plain input until their picker is registered here. To plug one in: add it to PICKERS with
 * an adapter from its props to PickerSlotProps.
 */
import type { ComponentType } from 'react';
import { ColorPicker } from '../../ui/pickers/ColorPicker.tsx';
import { IconPicker } from '../../ui/pickers/IconPicker.tsx';
import { FilesPopup, ImagePicker } from '../../ui/pickers/ImagePicker.tsx';
import { RichTextPopup } from '../../ui/pickers/richtext/index.tsx';
import type { ThemeColors } from '../../ui/pickers/ThemeShades.tsx';

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
export const HAS_PICKER: ReadonlySet<PickerKind> = new Set<PickerKind>(['colour', 'richtext', 'image', 'svg', 'icon', 'file']);

/** The data settings whose value a media picker chooses: an asset name or URL, or an icon `set:name`. */
export type MediaKind = 'image' | 'svg' | 'icon' | 'file';

export interface MediaSlotProps {
  kind: MediaKind;
  siteId: string;
  value: string | null;
  onChange(value: string): void;
  onClose(): void;
  anchor: HTMLElement | null;
}

/** Select image / Select SVG / Select file (the asset library, stock photos, upload, URL) or Select icon. */
export function MediaSlot({ kind, siteId, value, onChange, onClose, anchor }: MediaSlotProps) {
  if (kind === 'icon') return <IconPicker value={value} onChange={onChange} onClose={onClose} anchor={anchor} />;
  if (kind === 'file') return <FilesPopup siteId={siteId} value={value} onChange={onChange} onClose={onClose} anchor={anchor} />;
  return <ImagePicker siteId={siteId} value={value} kind={kind} onChange={onChange} onClose={onClose} anchor={anchor} />;
}

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
