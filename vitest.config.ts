import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Two cores here and in CI: keep workers to what the machine has.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Set-up and clean-up hooks copy a repository or delete an installed tree: on a shared machine
    // under load that took longer than the default 10 s, failing tests that had passed.
    hookTimeout: 120_000,
  },
});
