import { defineConfig } from 'vitest/config';

// Pure rules run in plain Node: much faster than workerd (STACK.md).
export default defineConfig({
  test: {
    name: 'unit',
    environment: 'node',
    include: ['core/**/*.test.ts', 'db/**/*.test.ts', 'i18n/**/*.test.ts', 'app/**/*.test.ts'],
  },
});
