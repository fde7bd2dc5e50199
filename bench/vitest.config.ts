import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'bench',
    include: ['**/__tests__/*.test.ts'],
    testTimeout: 600_000,
  },
});
