import { cn } from '@/lib/utils';
import type { ShareTarget } from './share-text';

/** A network's colour and initial: the icon set has no brand marks, and logos need licences. */
const MARKS: Record<ShareTarget, [string, string]> = {
  x: ['X', 'bg-neutral-900 text-white dark:bg-white dark:text-neutral-900'],
  linkedin: ['in', 'bg-[#0a66c2] text-white'],
  reddit: ['r', 'bg-[#ff4500] text-white'],
  facebook: ['f', 'bg-[#1877f2] text-white'],
  whatsapp: ['W', 'bg-[#25d366] text-white'],
  pinterest: ['P', 'bg-[#e60023] text-white'],
  telegram: ['T', 'bg-[#229ed9] text-white'],
};

export function TargetMark({ target }: { target: ShareTarget }) {
  const [letter, colours] = MARKS[target];
  return (
    <span
      aria-hidden
      className={cn(
        'grid size-5 shrink-0 place-items-center rounded-md text-[10px] font-bold leading-none',
        colours,
      )}
    >
      {letter}
    </span>
  );
}
