import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'expr', include: ['src/**/*.test.ts'] } });
