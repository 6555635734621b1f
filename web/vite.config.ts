import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const WEB = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(WEB, '..');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * The build hash is a digest of everything compiled into the bundle, so rebuilding unchanged
 * sources keeps the hash and open tabs are not told to reload for nothing (the server answers 426
 * to any other `web/<hash>`).
 */
function sourceHash(): string {
  const inputs = [
    ...filesUnder(path.join(WEB, 'src')),
    ...filesUnder(path.join(WEB, 'public')),
    ...filesUnder(path.join(ROOT, 'sdk', 'src')),
    path.join(WEB, 'index.html'),
    path.join(WEB, 'vite.config.ts'),
    path.join(WEB, 'package.json'),
  ].sort();
  const hash = crypto.createHash('sha256');
  for (const file of inputs) {
    hash.update(path.relative(ROOT, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

const BUILD = sourceHash();

/** Writes dist/build.json, which the server reads to know the web build it serves. */
function buildManifest(): Plugin {
  return {
    name: 'pagewright-build-json',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ build: BUILD })}\n` });
    },
  };
}

export default defineConfig({
  root: WEB,
  plugins: [react(), tailwindcss(), buildManifest()],
  define: { __BUILD__: JSON.stringify(BUILD) },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true, changeOrigin: false },
      '/template-assets': { target: 'http://localhost:8080' },
    },
  },
});
