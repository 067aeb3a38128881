import { describe, expect, it } from 'vitest';
import { isNetworkError, serverMessage } from './api.ts';

describe('serverMessage', () => {
  it('reads the message of a JSON error', () => {
    expect(serverMessage(new Error('401: {"message":"Invalid email or password"}'))).toBe(
      'Invalid email or password',
    );
  });
  it('gives nothing for other errors', () => {
    expect(serverMessage(new Error('500: Internal'))).toBeUndefined();
    expect(serverMessage('x')).toBeUndefined();
  });
  it('tells network failures from answers', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(new Error('400: {}'))).toBe(false);
  });
});
