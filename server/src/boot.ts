// The built server's entry point: esbuild writes it as server/dist/main.js (`node server/dist/main.js`).
// Source maps are switched on before the server's code loads, so every stack names server/src files
// and lines, also when Node is started without `--enable-source-maps` (Docker, systemd). In
// development `tsx src/main.ts` does the same itself.
process.setSourceMapsEnabled(true);
await import('./main.js');
