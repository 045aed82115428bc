import { type FormEvent, useRef, useState } from 'react';
import { useOpenCode } from '../features/inventory/api/find-by-code';
import { errorMessage } from '../lib/api-client';
import { useScannerBurst } from '../lib/use-scanner-burst';

/**
 * Staff's search in the header, on every page: Enter opens the item with exactly that code (its SKU or a
 * barcode), else Manage Inventories searched for the text. A USB or Bluetooth scanner's burst of keys
 * does the same from anywhere on the page, with no field focused (useScannerBurst).
 */
export function HeaderSearch() {
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
  useScannerBurst((code) => void open(code));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void open(text);
  };

  return (
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
        <p id="header-search-error" role="alert" className="small text-warning mb-0 mt-1">
          {failure}
        </p>
      )}
    </form>
  );
}
