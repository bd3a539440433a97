import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Vendor groups: React is needed by every page; the form stack (zod, react-hook-form) and Radix
// are only needed by lazy-loaded pages, so they stay out of the landing page's initial download.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
  {
    name: 'radix',
    test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll.*|aria-hidden|use-callback-ref|use-sidecar|detect-node-es|get-nonce|tslib)[\\/]/,
  },
];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
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
