import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database cloned from the template; two at a time suits two cores.
    maxWorkers: 2,
    // Vitest runs projects with their own maxWorkers as a separate group, after the others.
    sequence: { groupOrder: 1 },
  },
});
