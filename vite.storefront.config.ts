/**
 * The storefront calculator (issue 39) as one script for a shop's page: src/storefront/widget.ts bundled alone, as an
 * IIFE without React, MUI or the admin's code, into dist/storefront/storefront.js (served at /storefront.js). It
 * carries the shared formula engine (src/core) to compute the figure in the page; the engine's message catalogue is
 * left out (src/storefront/no-catalogue.ts says why), which keeps the script near 20 KB gzip instead of 70.
 */
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const CATALOGUE = path.resolve(import.meta.dirname, 'src/core/i18n/translate.ts');
const NO_CATALOGUE = path.resolve(import.meta.dirname, 'src/storefront/no-catalogue.ts');

const withoutCatalogue: Plugin = {
  name: 'storefront-without-catalogue',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved?.id === CATALOGUE ? NO_CATALOGUE : null;
  },
};

export default defineConfig({
  publicDir: false,
  plugins: [withoutCatalogue],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/storefront'),
    emptyOutDir: true,
    target: 'es2020',
    lib: {
      entry: path.resolve(import.meta.dirname, 'src/storefront/widget.ts'),
      formats: ['iife'],
      name: 'KontorStorefront',
      fileName: () => 'storefront.js',
    },
  },
});
