import { defineAction } from './registry.ts';

/** Cmd/Ctrl+K opens the command palette: every action by name, pages, components and settings (issue 29). */
export const openCommandPalette = defineAction({
  name: 'commandPalette',
  label: 'Command palette',
  keys: ['Mod+k'],
  recordsHistory: false,
  palette: false,
  perform: ({ store }) => store.getState().openPopup({ name: 'palette' }),
});
