let context: AudioContext | null = null;

/** A short tick made on the fly, so the app ships no sound files. */
export function playClick(volume: number) {
  if (typeof AudioContext === 'undefined' || volume <= 0) return;
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.setValueAtTime(1800, now);
    gain.gain.setValueAtTime(0.15 * volume, now);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.04);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now);
    oscillator.stop(now + 0.05);
  } catch {
    // Sound is decoration: a browser that refuses audio loses nothing else.
  }
}
