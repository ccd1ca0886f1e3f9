/** Saves a downloaded file under `fileName` (an object URL clicked through a hidden link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click starts the download synchronously; the URL can go once it has been read
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
