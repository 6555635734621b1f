/** Hands a file to the browser's download, under the name given. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address may go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
