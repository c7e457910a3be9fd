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
      // The FCM senders' thread is an entry of its own: the app starts it from its file (fcm-thread.ts).
      input: { main: 'src/main.ts', admin: 'src/admin.ts', 'fcm-worker': 'src/platform/push-transport/fcm-worker.ts' },
      // Chunks beside the entries: the FCM thread's module is found beside whichever file starts it.
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { noExternal: ['@outpost/contracts'] },
});
