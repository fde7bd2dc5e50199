import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'genomics', include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
});
