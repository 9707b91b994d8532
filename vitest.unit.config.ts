import { defineConfig } from 'vitest/config';

// Pure rules run in plain Node: much faster than workerd (STACK.md).
export default defineConfig({
  test: {
    name: 'unit',
    environment: 'node',
    // Adapters' protocol parsing (RDAP, WHOIS text) is pure too, with injected fetch/sockets.
    include: ['core/**/*.test.ts', 'tests/*.test.ts', 'db/**/*.test.ts', 'i18n/**/*.test.ts', 'app/**/*.test.ts', 'worker/adapters/**/*.test.ts'],
  },
});
