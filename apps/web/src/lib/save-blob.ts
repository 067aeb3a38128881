/** Time for the browser to start the download before the blob's address is let go. */
const REVOKE_AFTER_MS = 60_000;

/** Saves a blob under a file name (the browser's download). */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
