/**
 * The file's text as saved, a byte order mark included (jsdom's Blob has no
 * text(), and FileReader's readAsText drops the mark).
 */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

interface Saved {
  /** The link's download name. */
  name: string;
  /** The object URL the link pointed at. */
  href: string;
  /** Its text, a byte order mark included. */
  text: Promise<string>;
}

/**
 * Catches what saveFile hands the browser's download (jsdom has no object
 * URLs and does not download): each file's name, URL and text, in order, and
 * the clicks on their links. `restore()` after the test.
 */
export function catchDownloads() {
  const saved: Saved[] = [];
  // jsdom has neither: what was there (nothing, as a rule) comes back on restore().
  const before = (['createObjectURL', 'revokeObjectURL'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(URL, name)] as const,
  );
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const href = `blob:file-${saved.length + 1}`;
    saved.push({ name: '', href, text: textOf(blob) });
    return href;
  });
  URL.revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const file = saved.find((entry) => entry.href === this.href);
    if (file) file.name = this.download;
  });
  return {
    saved,
    click,
    restore() {
      click.mockRestore();
      for (const [name, descriptor] of before) {
        if (descriptor) Object.defineProperty(URL, name, descriptor);
        else delete (URL as Partial<typeof URL>)[name];
      }
    },
  };
}
