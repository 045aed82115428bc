import { type ComponentProps, Suspense, lazy, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { LabelledItem } from './PrintLabelsDialog';

// The dialog (and the sheets it knows) loads on the first tap, not with the page.
const PrintLabelsDialog = lazy(async () => ({ default: (await import('./PrintLabelsDialog')).PrintLabelsDialog }));

/** "Print labels" for these items (and locations): opens the print dialog (a preview, then Print or Download). */
export function PrintLabelsButton({
  items,
  locations = [],
  children = 'Print labels',
  ...button
}: { items: readonly LabelledItem[]; locations?: readonly LabelledItem[] } & Omit<
  ComponentProps<typeof Button>,
  'onClick'
>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline-primary"
        disabled={items.length + locations.length === 0}
        {...button}
        onClick={() => setOpen(true)}
      >
        {children}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PrintLabelsDialog items={items} locations={locations} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
