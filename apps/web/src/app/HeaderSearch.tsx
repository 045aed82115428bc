import { type FormEvent, useRef, useState } from 'react';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { useOpenCode } from '../features/inventory/api/find-by-code';
import { errorMessage } from '../lib/api-client';
import { useScannerBurst } from '../lib/use-scanner-burst';

/**
 * Staff's search in the header, on every page: Enter opens the item with exactly that code (its SKU or a
 * barcode), else Manage Inventories searched for the text. A USB or Bluetooth scanner's burst of keys
 * does the same from anywhere on the page, with no field focused (useScannerBurst). Beside it, Scan: the
 * camera's screen, one tap away on a phone. `onPage`: the same, on a light page (the Today page holds it in
 * place of the header's).
 */
export function HeaderSearch({ onPage = false }: { onPage?: boolean }) {
  const openCode = useOpenCode();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const open = async (code: string) => {
    if (busy || code.trim() === '') return;
    setBusy(true);
    setFailure('');
    try {
      await openCode(code);
      setText('');
      input.current?.blur();
    } catch (error) {
      setText(code.trim());
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  // The Scan screen shows a scanner's item in place, a location in "scan items into it" mode adds it to its
  // list, and a count's screen counts it: the header's watch stands aside there.
  const here = useLocation();
  const pathname = here.pathname.toLowerCase();
  const onScanScreen =
    pathname === paths.scan.href().toLowerCase() ||
    (pathname === paths.locations.href().toLowerCase() && new URLSearchParams(here.search).has('scan')) ||
    matchPath(paths.counts.count.path, pathname) !== null;
  useScannerBurst((code) => void open(code), !onScanScreen);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void open(text);
  };

  return (
    <>
      <form role="search" onSubmit={onSubmit} className="header-search" aria-busy={busy}>
        <label htmlFor="header-search" className="visually-hidden">
          Find an item by name or code
        </label>
        <input
          ref={input}
          id="header-search"
          type="search"
          enterKeyHint="search"
          className="form-control"
          placeholder="Find an item: name or scan a code"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={failure ? 'header-search-error' : undefined}
        />
        {failure && (
          <p
            id="header-search-error"
            role="alert"
            className={`small mb-0 mt-1 ${onPage ? 'text-danger' : 'text-warning'}`}
          >
            {failure}
          </p>
        )}
      </form>
      <Link
        to={paths.scan.href()}
        className={`btn ${onPage ? 'btn-outline-primary' : 'btn-outline-light'} touch-target d-inline-flex align-items-center justify-content-center ms-2 flex-shrink-0 align-self-start`}
        aria-label="Scan"
        title="Scan a code with the camera"
      >
        <ScanIcon />
      </Link>
    </>
  );
}

/** A barcode in a viewfinder's corners. */
function ScanIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 8V4h4M17 4h4v4M21 16v4h-4M7 20H3v-4" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M7 8v8M10 8v8M13 8v8M17 8v8" />
    </svg>
  );
}
