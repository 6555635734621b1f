import code, { hash } from 'virtual:canvas-bridge';
import type { BridgeScript } from './frameDocument.ts';

/** The bridge the build made (web/vite.config.ts); only the canvas imports it, so tests need no Vite plugin. */
export const BRIDGE: BridgeScript = { code, hash };
