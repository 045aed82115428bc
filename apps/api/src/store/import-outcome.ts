import { IMPORT_SHOWN_MAX, type ImportChange, type ImportReport } from '@smart-zone/types/imports';
import { changesOf, IMPORT_DEFAULTS, type ImportPlan } from './import-plan';
import type { ImportOptions, ImportOutcome } from './store';

/**
 * The answer for a plan: its errors; or, with `stale: 'refuse'` and a stale row, the stale rows (nothing is
 * to be written); else its counts and first changes.
 */
export function importOutcome(
  rows: number,
  plan: ImportPlan,
  { stale: policy, mode }: ImportOptions = IMPORT_DEFAULTS,
  /**
   * Written now: a `location` no location has is an error, nothing written; when it is the file's only kind
   * of error, the answer names them (`newLocations`: the route makes them, then imports again).
   */
  apply = false,
): ImportOutcome {
  const missing = apply
    ? [...plan.newLocations].map(([path, row]) => ({
        row,
        column: 'location',
        message: `No location is "${path}" (removed or renamed meanwhile): import the file again`,
      }))
    : [];
  const errors = missing.length > 0 ? [...plan.errors, ...missing].sort((a, b) => a.row - b.row) : plan.errors;
  if (errors.length > 0) {
    const onlyMissing = plan.errors.length === 0 ? { newLocations: [...plan.newLocations.keys()].sort() } : {};
    return { ok: false, errors: errors.slice(0, IMPORT_SHOWN_MAX), errorCount: errors.length, ...onlyMissing };
  }
  const stale: ImportReport['stale'] = { policy, ...plan.stale };
  if (policy === 'refuse' && stale.count > 0) {
    const errors = stale.rows.map(({ row, name }) => ({
      row,
      column: 'version',
      message: `"${name}" changed in the app since the file was exported`,
    }));
    return { ok: false, errors, errorCount: stale.count, stale };
  }
  const count = { create: 0, update: 0, unchanged: 0 };
  const changes: ImportChange[] = [];
  for (const step of plan.planned) {
    count[step.action] += 1;
    if (step.action === 'unchanged' || changes.length >= IMPORT_SHOWN_MAX) continue;
    changes.push({
      row: step.row,
      action: step.action,
      ...(step.action === 'update' ? { itemId: step.item._id } : {}),
      name: step.wanted.name,
      changes: changesOf(step.action === 'update' ? step.item : null, step.wanted) ?? {},
    });
  }
  const newLocations = [...plan.newLocations.keys()].sort();
  return { ok: true, report: { mode, rows, ...count, changes, stale, newLocations } };
}
