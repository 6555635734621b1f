/// <reference types="vite/client" />

/** The build hash, compiled in by vite.config.ts; the server knows it from dist/build.json. */
declare const __BUILD__: string;
