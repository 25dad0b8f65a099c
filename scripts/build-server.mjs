/**
 * Builds the server that `npm start` runs: one CommonJS bundle of src/ in dist/server/main.cjs
 * and one for the import's evaluation worker, dist/server/import-worker.cjs (the packages stay in
 * node_modules). Running the TypeScript through tsx instead held ~50–100 MB
 * more memory (transpiled sources and their source maps) and cost CPU on hot paths: tsx compiles
 * with keep-names, which wraps every named closure in a defineProperty call. tsx stays for the
 * tests, the scripts and the benchmarks, which load the sources directly.
 */
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  // The import's evaluation worker (src/server/imports/batch-evaluation.ts) runs from its own entry.
  entryPoints: { main: 'src/server/main.ts', 'import-worker': 'src/server/imports/evaluation-worker.ts' },
  outdir: 'dist/server',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  // The sources are ES modules; in the bundle `import.meta.url` is the bundle's own file URL.
  define: { 'import.meta.url': '__kontorModuleUrl' },
  banner: { js: "const __kontorModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});

// The PDFs' embedded fonts are read beside the bundle (pdf/file.ts resolves them from its module URL).
cpSync('src/server/pdf/fonts', 'dist/server/fonts', { recursive: true });
