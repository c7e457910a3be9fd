import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { moduleSizes } from './scripts/module-sizes';

// `npm run build` runs scripts/build.ts: this client build, then the prerendered public pages.
export default defineConfig({
  plugins: [react(), moduleSizes()],
  define: {
    // The footer's year, the same in prerendered HTML and in the hydrating app.
    'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())),
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for every screen: a prerendered page then has all the styles of the parts
    // it hydrates later (lazy sections, lazy screens) from its first paint.
    cssCodeSplit: false,
    // The first visit to / should only download what / needs; routes split into their own chunks.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Building a zod schema has no side effects: a module that only needs a constant from a
      // contracts file (its messages, the role table) then leaves the file's schemas, and zod
      // with them, out of its chunk.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
