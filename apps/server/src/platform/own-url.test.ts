import { describe, expect, it } from 'vitest';
import { NOT_OUR_IMAGE, storageKeyFromUrl } from './own-url.ts';

const PUBLIC = 'http://localhost:5000';

describe('storageKeyFromUrl', () => {
  it.each([
    ['/uploads/images/acc/abc.jpg', 'images/acc/abc.jpg'],
    ['http://localhost:5000/uploads/images/acc/abc.jpg', 'images/acc/abc.jpg'],
    ['/uploads/images/acc/abc.jpg?v=2#x', 'images/acc/abc.jpg'],
  ])('accepts our own stored image %s', (input, key) => {
    expect(storageKeyFromUrl(input, PUBLIC)).toBe(key);
  });

  it.each([
    'http://127.0.0.1/uploads/a.jpg',
    'http://0.0.0.0:5000/uploads/a.jpg',
    'http://[::1]:5000/uploads/a.jpg',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/uploads/a.jpg',
    'http://2130706433/uploads/a.jpg',
    'http://0x7f000001/uploads/a.jpg',
    'http://[::ffff:127.0.0.1]:5000/uploads/a.jpg',
    'http://localhost:5000@evil.example/uploads/a.jpg',
    'http://user@localhost:5000/uploads/a.jpg',
    '//evil.example/uploads/a.jpg',
    'https://localhost:5000/uploads/a.jpg',
    'file:///etc/passwd',
    'data:image/png;base64,AAAA',
    '/uploads/../../etc/passwd',
    '/uploads/%2e%2e/%2e%2e/etc/passwd',
    '/uploads/images/a/..%2f..%2fsecret.jpg',
    '/api/redirect?to=http://evil.example',
    '/uploads/',
    '',
  ])('refuses %s before any connection', (input) => {
    expect(() => storageKeyFromUrl(input, PUBLIC)).toThrow(NOT_OUR_IMAGE);
  });
});
