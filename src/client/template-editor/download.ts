/** Offers a template as a file download of the browser. */
export function downloadJson(text: string, fileName: string): void {
  // jsdom has no object URLs; there is nothing to save to there.
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The file text of an unsaved definition, in the shape of a shipped template file. */
export function templateFileText(json: Record<string, unknown>): string {
  return `${JSON.stringify({ $schema: '../template.schema.json', ...json }, null, 2)}\n`;
}
