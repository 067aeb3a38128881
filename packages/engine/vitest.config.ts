import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'engine',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // A hang guard, not a speed test: beside the two database lanes (four processes on CI's two
    // cores) the first test of a worker that loads the models ran past 30 s (5 s alone).
    testTimeout: 90_000,
    // The engine's files share no state a test changes (no module mocks, no stubbed globals);
    // run in one module graph per worker, each file no longer imports and loads the models
    // again: 154 s against 227 s for the project alone on two cores.
    isolate: false,
  },
});
