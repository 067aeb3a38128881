import { cn } from '@/lib/utils';

/** An on/off switch named by the element whose id is `labelledBy`. */
export function Switch({
  checked,
  labelledBy,
  describedBy,
  disabled,
  onChange,
}: {
  checked: boolean;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-wait disabled:opacity-60',
        checked ? 'bg-primary' : 'bg-muted-foreground/40',
      )}
    >
      <span
        className={cn(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
}
