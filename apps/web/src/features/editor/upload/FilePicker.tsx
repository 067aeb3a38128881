import type { Ref } from 'react';
import { IMAGE_ACCEPT } from '@/lib/images/file-checks';

/** The hidden file input behind "browse"; cleared after each choice so the same file can return. */
export function FilePicker({
  ref,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  onFile(file?: File): void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={IMAGE_ACCEPT}
      tabIndex={-1}
      aria-hidden
      data-testid="image-file-input"
      className="hidden"
      onChange={(event) => {
        onFile(event.target.files?.[0]);
        event.target.value = '';
      }}
    />
  );
}
