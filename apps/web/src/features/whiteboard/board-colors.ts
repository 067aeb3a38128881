import type { BoardColors } from './components/BoardCanvas';

/** Canvas colours per theme (Konva draws outside CSS), matching index.css's palette. */
export const BOARD_COLORS: Record<'light' | 'dark', BoardColors & { exportBackground: string }> = {
  light: {
    grid: 'rgba(100, 90, 140, 0.08)',
    gridStrong: 'rgba(100, 90, 140, 0.16)',
    placeholder: '#ebe9f1',
    selection: '#7c3aed',
    selectionFill: 'rgba(124, 58, 237, 0.08)',
    exportBackground: '#ffffff',
  },
  dark: {
    grid: 'rgba(220, 215, 255, 0.06)',
    gridStrong: 'rgba(220, 215, 255, 0.12)',
    placeholder: '#2b2838',
    selection: '#a78bfa',
    selectionFill: 'rgba(167, 139, 250, 0.12)',
    exportBackground: '#17151f',
  },
};
