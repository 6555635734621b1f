import { PREVIEW_MAX, PREVIEW_MIN } from '../store/prefs.ts';
import { canvasAppearance } from '../store/store.ts';
import { defineAction, type ActionContext } from './registry.ts';

/**
 * A breakpoint preset or a free width; the canvas animates to it, keeping Fit as it was (a wide preset
 * in a narrow canvas is scaled down, not cropped), and the inspector edits the breakpoint it shows.
 */
export const setPreviewWidth = defineAction<{ width: number }>({
  name: 'setPreviewWidth',
  label: 'Preview width',
  recordsHistory: false,
  perform({ store }, { width }) {
    const clamped = Math.min(PREVIEW_MAX, Math.max(PREVIEW_MIN, Math.round(width)));
    store.getState().setView({ previewWidth: clamped });
  },
});

export const fitPreview = defineAction({
  name: 'fitPreview',
  label: 'Fit to screen',
  recordsHistory: false,
  palette: true,
  perform: ({ store }) => store.getState().setView({ fit: !store.getState().view.fit }),
});

/** Ctrl/Cmd+0, as Figma's "zoom to fit": the whole page width in view, at most 100 % (docs/decisions/0066-one-style-model.md). */
export const resetZoom = defineAction({
  name: 'resetZoom',
  label: 'Zoom to fit',
  keys: ['Mod+0'],
  recordsHistory: false,
  perform({ store }) {
    store.getState().setView({ fit: true });
    store.getState().setZoom(1);
  },
});

/** Light and dark preview; only when the theme's appearance is auto (spec 001 §4 "Preview modes"). */
export const toggleAppearance = defineAction({
  name: 'toggleAppearance',
  label: 'Appearance',
  recordsHistory: false,
  palette: true,
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

/**
 * Zoom steps of 10 % of what the canvas shows (the fit factor times the zoom), as the label says: from
 * 69 % in, 80 %; the zoom is the factor on top of the fit that gives it.
 */
function zoomBy(store: ActionContext['store'], step: number) {
  const s = store.getState();
  const fit = s.scale > 0 && s.zoom > 0 ? s.scale / s.zoom : 1;
  const shown = Math.round(s.scale * 10) / 10;
  const next = Math.max(0.1, Math.round((shown + step) * 10) / 10);
  s.setZoom(next / fit);
}

export const zoomIn = defineAction({
  name: 'zoomIn',
  label: 'Zoom in',
  keys: ['Mod+='],
  recordsHistory: false,
  perform: ({ store }) => zoomBy(store, 0.1),
});

export const zoomOut = defineAction({
  name: 'zoomOut',
  label: 'Zoom out',
  keys: ['Mod+-'],
  recordsHistory: false,
  perform: ({ store }) => zoomBy(store, -0.1),
});

/** Distance measure and inspect are exclusive (spec 001 §4). */
export const toggleMeasure = defineAction({
  name: 'toggleMeasure',
  label: 'Distance measure',
  recordsHistory: false,
  palette: true,
  perform: ({ store }) => store.getState().setTool('measure'),
});

export const toggleInspect = defineAction({
  name: 'toggleInspect',
  label: 'Inspect',
  recordsHistory: false,
  palette: true,
  perform: ({ store }) => store.getState().setTool('inspect'),
});

export const showShortcuts = defineAction({
  name: 'showShortcuts',
  label: 'Keyboard shortcuts',
  keys: ['Shift+?'],
  recordsHistory: false,
  perform: ({ store }) => store.getState().openPopup({ name: 'shortcuts' }),
});
