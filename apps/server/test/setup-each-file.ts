import { afterEach, vi } from 'vitest';

// A test fails when the code under test logs an error it did not expect (epic-stack's habit).
afterEach(() => {
  vi.restoreAllMocks();
});
const originalError = console.error;
console.error = (...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
};
