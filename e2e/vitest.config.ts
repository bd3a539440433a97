import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/specs/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    // Whole journeys in a real browser; a loaded 2-core machine runs them at a third of their speed.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a reload on a loaded CI machine can take longer than that.
    expect: { poll: { timeout: 10_000 } },
    // One browser, one server: files run one after the other.
    fileParallelism: false,
  },
});
