import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'trial-analysis', include: ['src/**/*.test.ts'] } });
