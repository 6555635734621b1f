// Every editor action, registered once by importing this module (menus, shortcuts and the palette read the registry).
export * from './components.ts';
export * from './history.ts';
export * from './pages.ts';
export * from './palette.ts';
export * from './publish.ts';
export * from './sections.ts';
export * from './selection.ts';
export * from './theme.ts';
export * from './versions.ts';
export * from './view.ts';
export {
  actionForKey,
  canPerform,
  keyLabel,
  paletteActions,
  perform,
  registeredActions,
  type Action,
  type ActionContext,
} from './registry.ts';
