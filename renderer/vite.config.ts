// Vite builds the UI into dist/renderer; the service serves it at every site's base URL, with its
// assets under /_app/ (server/http/ui.ts). Everything is bundled: the UI loads nothing from the
// network (offline), and nothing inline (the page's CSP has no 'unsafe-inline').
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compileHints } from './vite-compile-hints.ts';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/_app/',
  plugins: [react(), compileHints(/\/features\/events\/editor\/EventEditor\.tsx$/)],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome120',
    // No inline <script> or data: modules: the CSP allows scripts from our origin only.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    // ALMANAC_UI_NO_MINIFY=1: readable function names in CPU profiles of the UI (bench:ui probes).
    minify: process.env.ALMANAC_UI_NO_MINIFY ? false : 'oxc',
    reportCompressedSize: true,
    // The calendar chunk (FullCalendar + React) is ~525 kB minified, ~150 kB gzip; the budget that
    // matters is the gzip total, which `npm run bench:ui` checks (≤ 400 kB).
    chunkSizeWarningLimit: 700,
  },
});
