import { defineConfig } from 'vite';

// The server is bundled so the contracts package (TypeScript source) ships inside it;
// npm dependencies stay external and load from node_modules at run time.
export default defineConfig({
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      input: { main: 'src/main.ts', admin: 'src/admin.ts' },
      output: { format: 'esm', entryFileNames: '[name].js' },
    },
  },
  ssr: { noExternal: ['@outpost/contracts'] },
});
