import { SKU_MAX } from '@smart-zone/types/item';
import { type FormEvent, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useFindBySku } from '../api/find-by-sku';

/**
 * Find an item by its exact SKU and open its page. A barcode scanner types
 * the code and Enter, which submits; after a miss the code stays selected, so
 * the next scan replaces it.
 */
export function FindBySku() {
  const findBySku = useFindBySku();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ message: string; failed: boolean } | null>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    const sku = text.trim();
    if (!sku || busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const found = await findBySku(sku);
      if (found) {
        void navigate(paths.inventory.detail.href(found._id));
        return;
      }
      setOutcome({ message: `No item has SKU ${sku}.`, failed: false });
    } catch (error) {
      setOutcome({ message: errorMessage(error), failed: true });
    } finally {
      setBusy(false);
    }
    input.current?.select();
  };

  return (
    <form onSubmit={(event) => void find(event)} className="mb-3" style={{ maxWidth: '28rem' }} noValidate>
      <label htmlFor="find-sku" className="form-label">
        Find by SKU
      </label>
      <div className="d-flex gap-2">
        <input
          ref={input}
          id="find-sku"
          className="form-control"
          value={text}
          maxLength={SKU_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="outline-primary" disabled={busy}>
          Find
        </Button>
      </div>
      {/* Always in the page, so that screen readers announce what lands in it. */}
      <p role="status" className={`small mt-2 mb-0${outcome?.failed ? ' text-danger' : ''}`}>
        {outcome?.message}
      </p>
    </form>
  );
}
