/**
 * The storefront calculator (issue 39) as one script for a shop's page: src/storefront/widget.ts bundled alone, as an
 * IIFE without React, MUI or the admin's code, into dist/storefront/storefront.js (served at /storefront.js).
 */
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
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
