import { defineConfig } from 'vitest/config';

// Each workspace that has tests carries its own vitest.config.ts; the root runs them all as projects.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'bench/vitest.config.ts'],
  },
});
