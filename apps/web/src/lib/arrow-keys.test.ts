import { describe, expect, it } from 'vitest';
import { historyStepFor, isTypingTarget, type ArrowKeyEvent } from './arrow-keys.ts';

const press = (key: string, extra: Partial<ArrowKeyEvent> = {}): ArrowKeyEvent => ({
  key,
  target: { tagName: 'BODY' },
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  defaultPrevented: false,
  ...extra,
});

describe('isTypingTarget', () => {
  it('knows text fields', () => {
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: 'INPUT', type: 'checkbox' })).toBe(false);
    expect(isTypingTarget({ tagName: 'BUTTON' })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('historyStepFor', () => {
  it('maps plain arrows to steps', () => {
    expect(historyStepFor(press('ArrowLeft'))).toBe(-1);
    expect(historyStepFor(press('ArrowRight'))).toBe(1);
    expect(historyStepFor(press('ArrowUp'))).toBeNull();
  });
  it('ignores typing, modifiers and keys another widget used', () => {
    expect(historyStepFor(press('ArrowLeft', { target: { tagName: 'TEXTAREA' } }))).toBeNull();
    expect(historyStepFor(press('ArrowLeft', { altKey: true }))).toBeNull();
    expect(historyStepFor(press('ArrowRight', { shiftKey: true }))).toBeNull();
    expect(historyStepFor(press('ArrowRight', { defaultPrevented: true }))).toBeNull();
  });
});
