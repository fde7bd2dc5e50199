import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'workflow', include: ['src/**/*.test.ts'] } });
