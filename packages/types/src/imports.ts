import { z } from 'zod';
import { ITEM_CSV_COLUMNS, type ItemCsvColumn } from './csv';

/**
 * The CSV import (issue 21), both directions of one contract: the file's
 * header is ITEM_CSV_COLUMNS (csv.ts), in any order; these columns must be
 * there, the others may be left out (an absent column keeps each item's value,
 * or its default when the row creates one).
 */
export const IMPORT_REQUIRED_COLUMNS = ['name', 'price', 'quantity'] as const satisfies ItemCsvColumn[];

/** A created item's supplier when the file has no supplier column (a file from elsewhere may not). */
export const IMPORT_SUPPLIER_DEFAULT = 'Unknown';

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

/** The columns a receiving file (`mode=receive`, a supplier's delivery note) must have, besides sku or name. */
export const RECEIVE_REQUIRED_COLUMNS = ['quantity'] as const satisfies ItemCsvColumn[];

/**
 * What an import does with a stale row (its `version` older than its item's: the item changed in the app
 * since the export). `app` (the default): the item keeps the app's quantity and takes the file's other
 * fields; `file`: the file's quantity too (a stocktake); `refuse`: nothing is imported while any row is stale.
 */
export const STALE_POLICIES = ['app', 'file', 'refuse'] as const;
export type StalePolicy = (typeof STALE_POLICIES)[number];

/** `update` (the default): each row sets its item's fields; `receive`: each row's quantity is added, a restock. */
export const IMPORT_MODES = ['update', 'receive'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** POST /imports?dryRun=true: check and describe the file, write nothing. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .meta({ description: '`true`: check the file and say what it would change, writing nothing' }),
  stale: z
    .enum(STALE_POLICIES, { error: `stale must be one of ${STALE_POLICIES.join(', ')}` })
    .optional()
    .meta({
      description:
        "A row whose item changed in the app since the export (its `version` older): `app` (default) keeps the app's quantity and takes the file's other fields; `file` takes the file's quantity too (a stocktake); `refuse` imports nothing while any row is stale (409 import_stale)",
    }),
  mode: z
    .enum(IMPORT_MODES, { error: `mode must be one of ${IMPORT_MODES.join(', ')}` })
    .optional()
    .meta({
      description:
        "`receive`: a supplier's delivery note (SKU or name, and quantity): each row's quantity is added to its item as a restock; an unknown SKU is an error and nothing is imported",
    }),
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

/** One write to a stale row's item since the export, as its audit entry tells it. */
export const importSinceSchema = z
  .object({
    at: z.string().meta({ description: 'When it was made' }),
    by: z.string().meta({ description: "Who made it (their email; 'system' for the demo data)" }),
    action: z.string().meta({ description: "The audit entry's action (stock.restock, item.update, delivery.create…)" }),
    changes: z
      .record(z.string(), z.array(importValue).length(2).meta({ description: '[old, new]' }))
      .meta({ description: 'Each field it changed as [old, new]' }),
  })
  .meta({ id: 'ImportSince' });
export type ImportSince = z.output<typeof importSinceSchema>;

/** A row whose item changed in the app since the file was exported (its `version` older than the item's). */
export const importStaleSchema = z
  .object({
    row: z.number().int().min(2),
    itemId: z.string(),
    name: z.string().meta({ description: "The item's name in the app" }),
    fileVersion: z.number().int().meta({ description: "The row's version: the item's when the file was exported" }),
    version: z.number().int().meta({ description: "The item's version now" }),
    quantity: z
      .object({
        file: z.number().int().nullable().meta({ description: "The file's quantity (null: the file has none)" }),
        app: z.number().int().meta({ description: "The app's quantity now" }),
        kept: z.number().int().meta({ description: 'The quantity the import leaves (or would leave) the item at' }),
      })
      .meta({ description: 'The quantity in the file, in the app, and the one the import takes' }),
    since: z
      .array(importSinceSchema)
      .meta({ description: 'What changed in the app since the export, newest first (the first 10)' }),
  })
  .meta({ id: 'ImportStale' });
export type ImportStale = z.output<typeof importStaleSchema>;

export const importReportSchema = z
  .object({
    dryRun: z.boolean().meta({ description: 'true: nothing was written' }),
    mode: z
      .enum(IMPORT_MODES)
      .meta({ description: 'How the rows were read: `update` sets fields, `receive` adds stock' }),
    rows: z.number().int().min(0).meta({ description: 'Rows read, the header not counted' }),
    create: z.number().int().min(0),
    update: z.number().int().min(0),
    unchanged: z.number().int().min(0),
    changes: z
      .array(importChangeSchema)
      .meta({ description: `The first ${IMPORT_SHOWN_MAX} creates and updates, in file order` }),
    stale: z.object({
      policy: z.enum(STALE_POLICIES).meta({ description: 'What was done with stale rows (the `stale` parameter)' }),
      count: z.number().int().min(0).meta({ description: 'Rows whose item changed in the app since the export' }),
      rows: z.array(importStaleSchema).meta({ description: `The first ${IMPORT_SHOWN_MAX} of them, in file order` }),
    }),
    versioned: z.boolean().meta({
      description:
        'false: the file has no version column, so a change made in the app since it was written cannot be told; its rows are read as they are today',
    }),
    newLocations: z.array(z.string()).meta({
      description:
        "The `location` column's paths no location had: a dry run lists those it would make, an import those " +
        'it made (each with any location above it that was missing) before it wrote its rows',
    }),
    ignoredColumns: z.array(z.string()).meta({
      description: "The header's columns the import does not read (ignored, not errors), as the file names them",
    }),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.output<typeof importReportSchema>;

/** The column names a file may have, for the header check. */
export const IMPORT_COLUMNS: readonly string[] = ITEM_CSV_COLUMNS;

/** How many of a stale row's writes since the export the answer lists. */
export const IMPORT_SINCE_SHOWN = 10;

/** POST /movements/:id/undo: how long the movement's own actor may undo it (a manager may any time). */
export const UNDO_WINDOW_MS = 10 * 60_000;
