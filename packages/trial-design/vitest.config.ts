import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'trial-design', include: ['src/**/*.test.ts'] } });
