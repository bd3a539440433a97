import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { cataloguePlugin } from './catalogue-plugin';

// Long-lived vendor chunks (they change less often than the app). Everything else is left to
// the bundler's automatic splitting, so lazy pages only pull what they use: grouping the Radix
// packages together, for instance, made the landing page download all of them for one Slot.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
  // zod and its French locale together: left alone, the bundler hoisted the locale and zod's
  // core into the entry chunk, although only lazy pages validate.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|contract[\\/]src[\\/]locale\.ts$/ },
];

export default defineConfig({
  plugins: [react(), tailwindcss(), cataloguePlugin()],
  server: {
    // ws: the push-to-talk socket (/api/radio/ptt/socket) goes through the proxy too.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true } },
  },
  preview: {
    // ws: the push-to-talk socket (/api/radio/ptt/socket) goes through the proxy too.
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true } },
  },
  build: {
    // dist/.vite/manifest.json: lets tools (size budgets) follow each route's static imports.
    manifest: true,
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
