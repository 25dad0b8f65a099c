/** Saving a CSV text as a file in the browser. */
export function saveCsv(text: string, filename: string): void {
  // jsdom and very old browsers have no object URLs; there is nothing to save to then.
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
