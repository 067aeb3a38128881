/** Foundations §7: a shared project's images download as '{projectName}-image-{n}.png'. */
export function sharedImageFileName(projectName: string, n: number): string {
  // Only what a file system cannot hold is replaced; the name otherwise stays as it was given.
  const safe = projectName.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_').trim() || 'project';
  return `${safe}-image-${n}.png`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', 'vor 3 Tagen', 'il y a 3 jours'; under a minute 'now'. */
export function relativeTime(iso: string, now: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** Masonry tiles reserve their height from a 250 px wide estimate (foundations §9). */
export const GRID_ESTIMATE_WIDTH = 250;
export function estimatedHeight(width: number, height: number, at = GRID_ESTIMATE_WIDTH) {
  if (width <= 0 || height <= 0) return at;
  return Math.round((height / width) * at);
}
