/** "0:07", "1:23": the running timer while a video generates (working areas §2). */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The file a downloaded video is saved as: the motion and a short piece of the prompt. */
export function videoFileName(motion: string | null, prompt: string): string {
  const stem = prompt
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
  return `video-${stem || motion || 'image'}.mp4`;
}

/** The camera moves offered as one-click chips; their words are what the engine reads. */
export const MOTION_CHIPS = [
  'zoom-in',
  'zoom-out',
  'pan-left',
  'pan-right',
  'pan-up',
  'pan-down',
] as const;
export type MotionChip = (typeof MOTION_CHIPS)[number];
