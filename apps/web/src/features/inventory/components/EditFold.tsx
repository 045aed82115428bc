import { type ReactNode, useState } from 'react';

/**
 * "Edit item details": the item's update form folded away under its summary (on a phone the form is screens tall).
 * `eager`: the form is in the page while closed, and follows the item (the team's page, whose tools chunk has the
 * form already). Otherwise it is made the first time the fold opens: a visitor's page loads no form, and no schema,
 * for a fold most never open.
 */
export function EditFold({ eager = false, children }: { eager?: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="item-edit-fold mt-4" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="btn btn-outline-secondary touch-target">Edit item details</summary>
      {(eager || opened) && children}
    </details>
  );
}
