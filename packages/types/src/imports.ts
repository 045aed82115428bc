import { z } from 'zod';
import { ITEM_CSV_COLUMNS, type ItemCsvColumn } from './csv';

/**
 * The CSV import (issue 21), both directions of one contract: the file's
 * header is ITEM_CSV_COLUMNS (csv.ts), in any order; these columns must be
 * there, the others may be left out (an absent column keeps each item's value,
 * or its default when the row creates one).
 */
export const IMPORT_REQUIRED_COLUMNS = ['name', 'supplier', 'price', 'quantity'] as const satisfies ItemCsvColumn[];

/** The largest file POST /imports takes: over it, 413 and nothing read further. */
export const IMPORT_BYTES_MAX = 50 * 1024 * 1024;

/** The most data rows POST /imports takes unless IMPORT_ROWS_MAX says otherwise: past it, 413 while reading. */
export const IMPORT_ROWS_DEFAULT = 200_000;

/**
 * Imports one server takes at once, whether being read or waiting for the store: the next is refused (429,
 * with Retry-After) before its body is read, so that uploads at once cannot multiply the memory one takes.
 */
export const IMPORTS_AT_ONCE_MAX = 4;

/** How many changes (a dry run's) and row errors an answer lists; the counts cover every row. */
export const IMPORT_SHOWN_MAX = 100;

/** POST /imports?dryRun=true: check and describe the file, write nothing. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .meta({ description: '`true`: check the file and say what it would change, writing nothing' }),
});

/** What is wrong with one cell (or row, or the header: row 1) of an import file. */
export const importErrorSchema = z
  .object({
    row: z.number().int().min(1).meta({ description: "The file's row, as a spreadsheet numbers it: the header is 1" }),
    column: z.string().meta({ description: "The column's header ('' when the error is the row's, not a cell's)" }),
    message: z.string(),
  })
  .meta({ id: 'ImportError' });
export type ImportError = z.output<typeof importErrorSchema>;

const importValue = z.union([z.string(), z.number(), z.null()]);

export const importChangeSchema = z
  .object({
    row: z.number().int().min(2),
    action: z.enum(['create', 'update']),
    itemId: z.string().optional().meta({ description: 'The item the row updates (absent for a create)' }),
    name: z.string().meta({ description: "The item's name after the import" }),
    changes: z
      .record(z.string(), z.array(importValue).length(2).meta({ description: '[old, new]' }))
      .meta({ description: 'Each field the row changes as [old, new]; old is null for a create' }),
  })
  .meta({ id: 'ImportChange' });
export type ImportChange = z.output<typeof importChangeSchema>;

export const importReportSchema = z
  .object({
    dryRun: z.boolean().meta({ description: 'true: nothing was written' }),
    rows: z.number().int().min(0).meta({ description: 'Rows read, the header not counted' }),
    create: z.number().int().min(0),
    update: z.number().int().min(0),
    unchanged: z.number().int().min(0),
    changes: z
      .array(importChangeSchema)
      .meta({ description: `The first ${IMPORT_SHOWN_MAX} creates and updates, in file order` }),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.output<typeof importReportSchema>;

/** The column names a file may have, for the header check. */
export const IMPORT_COLUMNS: readonly string[] = ITEM_CSV_COLUMNS;

/** POST /movements/:id/undo: how long the movement's own actor may undo it (a manager may any time). */
export const UNDO_WINDOW_MS = 10 * 60_000;
