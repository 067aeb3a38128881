import {
  PROJECT_DESCRIPTION_MAX as CONTRACT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX as CONTRACT_NAME_MAX,
  ProjectName,
} from '@image-lab/contract';
import { describe, expect, it } from 'vitest';
import {
  characterCount,
  cleanProjectName,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  limitName,
  saveableName,
} from './project-names';

describe('project names (working areas §5)', () => {
  it('keeps the limits of the contract', () => {
    expect(PROJECT_NAME_MAX).toBe(CONTRACT_NAME_MAX);
    expect(PROJECT_DESCRIPTION_MAX).toBe(CONTRACT_DESCRIPTION_MAX);
  });

  it('trims the name', () => {
    expect(cleanProjectName('  Kitchen  ')).toBe('Kitchen');
  });

  it('ignores a blank name', () => {
    expect(cleanProjectName('')).toBeNull();
    expect(cleanProjectName('   \t ')).toBeNull();
    expect(saveableName(' ')).toBeNull();
  });

  it('cuts to 20 characters, without a trailing space', () => {
    expect(cleanProjectName('A very long project name indeed')).toBe('A very long project');
    expect(cleanProjectName('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrst');
    expect(cleanProjectName('abcdefghijklmnopqrstuvwxyz')).toHaveLength(PROJECT_NAME_MAX);
  });

  it('ignores an unchanged name on rename', () => {
    expect(cleanProjectName('Kitchen ', 'Kitchen')).toBeNull();
    expect(cleanProjectName('Kitchen 2', 'Kitchen')).toBe('Kitchen 2');
  });

  it('turns line breaks into spaces, as the server refuses them', () => {
    expect(cleanProjectName('Living\nroom')).toBe('Living room');
  });

  it('keeps at most 20 characters in the field, without leading spaces', () => {
    expect(limitName('   Kitchen')).toBe('Kitchen');
    expect(limitName('  A very long project name')).toBe('A very long project ');
    expect(cleanProjectName(limitName('  A very long project name'))).toBe('A very long project');
  });

  it('counts an emoji as one character and never cuts one in half, as the server counts', () => {
    const typed = `a${'🎨'.repeat(25)}`;
    const kept = limitName(typed);
    expect(kept).toBe(`a${'🎨'.repeat(19)}`);
    expect(characterCount(kept)).toBe(PROJECT_NAME_MAX);
    expect(kept).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u);
    expect(ProjectName.safeParse(kept).success).toBe(true);
    expect(ProjectName.safeParse(`${kept}x`).success).toBe(false);
    expect(cleanProjectName(typed)).toBe(kept);
  });
});
