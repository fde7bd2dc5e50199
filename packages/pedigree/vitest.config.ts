import { defineProject } from 'vitest/config';
export default defineProject({ test: { name: 'pedigree', include: ['src/**/*.test.ts'] } });
