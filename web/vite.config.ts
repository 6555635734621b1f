import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import zlib from 'node:zlib';

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

const BRIDGE_ENTRY = path.join(WEB, 'src', 'editor', 'canvas', 'bridge', 'index.ts');
const BRIDGE_MODULE = 'virtual:canvas-bridge';

interface Bridge {
  code: string;
  /** The CSP hash source of `code`, `sha256-…`. */
  hash: string;
  inputs: string[];
}

/**
 * The canvas bridge (web/src/editor/canvas/bridge) bundled with idiomorph into one minified IIFE, the
 * only script the editor's preview frame runs: its CSP allows it by this hash, and so must the app's
 * (a srcdoc frame inherits the policy of the page that made it), so the hash also goes to build.json.
 */
async function buildBridge(): Promise<Bridge> {
  const result = await esbuild({
    entryPoints: [BRIDGE_ENTRY],
    absWorkingDir: WEB,
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    legalComments: 'none',
    write: false,
    metafile: true,
  });
  const code = result.outputFiles[0]!.text.trim();
  // Written verbatim inside <script>…</script>: these would end the element or change how it parses.
  if (/<\/script|<!--/i.test(code)) throw new Error('The canvas bridge contains "</script" or "<!--"');
  const hash = `sha256-${crypto.createHash('sha256').update(code).digest('base64')}`;
  return { code, hash, inputs: Object.keys(result.metafile.inputs).map((file) => path.resolve(WEB, file)) };
}

/** Resolves `virtual:canvas-bridge` to `export default <code>; export const hash = 'sha256-…'`. */
function canvasBridge(): Plugin {
  const resolved = `\0${BRIDGE_MODULE}`;
  return {
    name: 'pagewright-canvas-bridge',
    resolveId: (id) => (id === BRIDGE_MODULE ? resolved : null),
    async load(id) {
      if (id !== resolved) return null;
      const bridge = await buildBridge();
      for (const file of bridge.inputs) this.addWatchFile(file);
      return `export default ${JSON.stringify(bridge.code)};\nexport const hash = ${JSON.stringify(bridge.hash)};\n`;
    },
  };
}

/**
 * Writes dist/build.json, which the server reads to know the web build it serves and the canvas
 * bridge's hash its Content-Security-Policy allows.
 */
function buildManifest(): Plugin {
  return {
    name: 'pagewright-build-json',
    apply: 'build',
    async generateBundle() {
      const { hash } = await buildBridge();
      this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ build: BUILD, canvasBridge: hash })}\n` });
    },
  };
}

export default defineConfig({
  root: WEB,
  plugins: [
    react(),
    tailwindcss(),
    canvasBridge(),
    buildManifest(),
    // Each text file also as .gz and .br, at the highest levels (once, at build time): the server
    // sends the one the browser accepts, with Content-Encoding and Vary (issue 17).
    compression({
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
      include: /\.(js|mjs|css|html|svg|json|txt|map|wasm|webmanifest)$/,
      exclude: /build\.json$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  define: { __BUILD__: JSON.stringify(BUILD) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Each lucide icon is a module of a few hundred bytes, and split on its own it is a request of its
        // own: the editor's first open asked for 70 scripts, 32 of them icons, six at a time behind which
        // its API calls waited. Icons used by the same screens go in one chunk (43 scripts; the first open
        // about 90 ms sooner, tests/bench/RESULTS.md); the sites list's first load grows by 2 KB (134.6 of 150).
        codeSplitting: {
          groups: [{ name: 'icons', test: /@iconify-icons[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 8 * 1024 }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', ws: true, changeOrigin: false },
      '/template-assets': { target: 'http://localhost:8080' },
    },
  },
});
