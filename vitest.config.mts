import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `obsidian` on npm is types only; tests get the project's test double in its place.
export default defineConfig({
  resolve: {
    alias: {
      obsidian: fileURLToPath(new URL('./test/obsidian-double/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
  },
});
