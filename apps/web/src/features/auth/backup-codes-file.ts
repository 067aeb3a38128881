/** The text file of backup codes: the codes, the date, and that each works once. */
export function backupCodesFile(
  codes: string[],
  generatedAt: Date,
  lines: { title: string; note: string; generated: string },
) {
  return [
    lines.title,
    `${lines.generated}: ${generatedAt.toISOString().slice(0, 10)}`,
    '',
    ...codes,
    '',
    lines.note,
    '',
  ].join('\n');
}

export function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
