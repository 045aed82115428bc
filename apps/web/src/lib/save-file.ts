/**
 * Hands a file the app fetched itself to the browser's download, as a click
 * on a link to it would: a temporary object URL on a link that is clicked,
 * then let go.
 */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after this task: let it go a minute later, not at once.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
