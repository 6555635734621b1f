/**
 * What other features may use of the CMS (the web layer rule in .dependency-cruiser.cjs): the legal
 * settings' collections are CMS collections, so their screens use the CMS's item and field panels
 * (with the field types they allow) and its writes.
 */
export { FieldPanel } from './FieldPanel.tsx';
export { ItemPanel } from './ItemPanel.tsx';
export { contentWrites, type PanelWrites } from './writes.ts';
export { cellText, fieldTitle, type FieldType } from './values.ts';
