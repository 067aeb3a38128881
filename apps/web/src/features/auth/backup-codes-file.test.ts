import { describe, expect, it } from 'vitest';
import { backupCodesFile } from './backup-codes-file.ts';

describe('backupCodesFile', () => {
  it('holds every code, the date and the single-use note', () => {
    const text = backupCodesFile(['aaaaa-bbbbb', 'ccccc-ddddd'], new Date('2026-11-22T10:00:00Z'), {
      title: 'Image Lab backup codes',
      note: 'Each code can be used once.',
      generated: 'Generated',
    });
    expect(text).toContain('aaaaa-bbbbb\nccccc-ddddd');
    expect(text).toContain('Generated: 2026-11-22');
    expect(text).toContain('Each code can be used once.');
  });
});
