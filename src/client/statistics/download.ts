/** Saves a text the server rendered (CSV) as a file of the browser. */
export function saveText(text: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  // jsdom and very old browsers have no object URLs; there is nothing to save to then.
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
