import { PREVIEW_MAX, PREVIEW_MIN } from '../store/prefs.ts';
import { canvasAppearance } from '../store/store.ts';
import { defineAction } from './registry.ts';

/** A breakpoint preset or a free width; the canvas animates to it. */
export const setPreviewWidth = defineAction<{ width: number }>({
  name: 'setPreviewWidth',
  label: 'Preview width',
  recordsHistory: false,
  perform({ store }, { width }) {
    const clamped = Math.min(PREVIEW_MAX, Math.max(PREVIEW_MIN, Math.round(width)));
    store.getState().setView({ previewWidth: clamped, fit: false });
  },
});

export const fitPreview = defineAction({
  name: 'fitPreview',
  label: 'Fit to screen',
  keys: ['Mod+0'],
  recordsHistory: false,
  perform: ({ store }) => store.getState().setView({ fit: !store.getState().view.fit }),
});

/** Light and dark preview; only when the theme's appearance is auto (spec 001 §4 "Preview modes"). */
export const toggleAppearance = defineAction({
  name: 'toggleAppearance',
  label: 'Appearance',
  recordsHistory: false,
  enabled: (s) => s.site?.style?.theme.appearance === 'auto',
  perform({ store }) {
    const s = store.getState();
    s.setView({ appearance: canvasAppearance(s) === 'dark' ? 'light' : 'dark' });
  },
});

export const setLanguage = defineAction<{ language: string }>({
  name: 'setLanguage',
  label: 'Language',
  recordsHistory: false,
  perform: ({ store }, { language }) => store.getState().setLanguage(language),
});

export const zoomIn = defineAction({
  name: 'zoomIn',
  label: 'Zoom in',
  keys: ['Mod+='],
  recordsHistory: false,
  perform: ({ store }) => store.getState().setZoom(Math.round((store.getState().zoom + 0.1) * 10) / 10),
});

export const zoomOut = defineAction({
  name: 'zoomOut',
  label: 'Zoom out',
  keys: ['Mod+-'],
  recordsHistory: false,
  perform: ({ store }) => store.getState().setZoom(Math.round((store.getState().zoom - 0.1) * 10) / 10),
});

/** Distance measure and inspect are exclusive (spec 001 §4). */
export const toggleMeasure = defineAction({
  name: 'toggleMeasure',
  label: 'Distance measure',
  recordsHistory: false,
  perform: ({ store }) => store.getState().setTool('measure'),
});

export const toggleInspect = defineAction({
  name: 'toggleInspect',
  label: 'Inspect',
  recordsHistory: false,
  perform: ({ store }) => store.getState().setTool('inspect'),
});

export const showShortcuts = defineAction({
  name: 'showShortcuts',
  label: 'Keyboard shortcuts',
  keys: ['Shift+?'],
  recordsHistory: false,
  perform: ({ store }) => store.getState().openPopup({ name: 'shortcuts' }),
});
