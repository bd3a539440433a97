import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Component tests (*.test.tsx) run in happy-dom, chosen per file with a @vitest-environment comment.
    include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: two test files at a time.
    maxWorkers: 2,
  },
});
