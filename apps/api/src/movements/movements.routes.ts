import { z } from 'zod';
import { idParams, stockResultSchema } from '@smart-zone/types/api-schemas';
import { UNDO_WINDOW_MS } from '@smart-zone/types/imports';
import { QUANTITY_MAX, type StockResult } from '@smart-zone/types/item';
import { MOVEMENT_CSV_COLUMNS, movementCsvQuerySchema, placesCell } from '@smart-zone/types/ledger';
import { kindOf, UNDO_TEXTS, undoPolicyOf } from '@smart-zone/types/movement-kinds';
import { can } from '@smart-zone/types/roles';
import { currentAuthor, currentRole } from '../auth/require-user';
import { AppError, forbidden, notFound } from '../errors/app-error';
import { json } from '../http/route-docs';
import { route } from '../http/route';
import { streamCsv } from '../http/stream-csv';
import { STALLED_READER_MS } from '../http/stream-json';
import type { LedgerLine, Store, UndoOutcome } from '../store/store';

const UNDO_MINUTES = UNDO_WINDOW_MS / 60_000;
const cannotUndo = (message: string) => new AppError(409, 'cannot_undo', message);
/** What the undo takes back, from the movement kinds table (an API message: plain apostrophes). */
const UNDOABLE = UNDO_TEXTS.undoable.replaceAll('’', "'");
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An undo's outcome as the answer, or the refusal that says why not (nothing was written). */
function undoAnswer(outcome: UndoOutcome): StockResult {
  if (outcome.ok) return { quantity: outcome.item.quantity, movementId: outcome.movementId };
  switch (outcome.reason) {
    case 'not_found':
      throw notFound('No stock movement with that id');
    case 'not_yours':
      throw forbidden(`You can undo your own stock changes; a manager can undo anyone's.`);
    case 'too_late':
      throw forbidden(`Your own stock changes can be undone for ${UNDO_MINUTES} minutes; after that, ask a manager.`);
    case 'not_undoable':
      throw cannotUndo(
        undoPolicyOf(outcome.movementReason) === 'cancel'
          ? 'A delivery is not undone here: cancel the delivery instead (its stock comes back).'
          : `A \`${outcome.movementReason}\` movement cannot be undone; only ${UNDOABLE} can.`,
      );
    case 'already_undone':
      throw cannotUndo('This change has already been undone.');
    case 'item_gone':
      throw cannotUndo('Its item has been deleted since: there is no stock to put back.');
    case 'out_of_range':
      throw cannotUndo(
        outcome.delta < 0
          ? `Only ${outcome.available} in stock now: taking ${-outcome.delta} back would go below 0. Nothing was changed.`
          : `${outcome.available} in stock now: putting ${outcome.delta} back would go over the limit of ${QUANTITY_MAX}. Nothing was changed.`,
      );
  }
}

/**
 * The paths of the locations an export's movements name, each read once for the whole export (the location's own
 * path, as the store keeps it: no walk of the tree), a batch's new ones together; a location deleted since is
 * named by its id.
 */
function exportPaths(store: Store) {
  const paths = new Map<string, string>();
  return {
    async learn(lines: readonly LedgerLine[]): Promise<void> {
      const named = new Set(lines.flatMap((line) => (line.places ?? []).map((place) => place.locationId)));
      const unknown = [...named].filter((id) => !paths.has(id));
      const found = await Promise.all(unknown.map((id) => store.locations.get(id)));
      unknown.forEach((id, n) => paths.set(id, found[n]?.path ?? id));
    },
    pathOf: (locationId: string): string => paths.get(locationId) ?? locationId,
  };
}

/** A line of the ledger as the export's row (MOVEMENT_CSV_COLUMNS, in order; '' where a field is absent). */
const movementRow = (line: LedgerLine, pathOf: (locationId: string) => string): (string | number)[] => [
  line.at,
  line._id,
  line.itemId,
  line.itemName,
  line.reason,
  line.delta,
  line.quantityAfter,
  line.actor.email,
  line.note ?? '',
  line.deliveryId ?? '',
  kindOf(line.reason, line.delta) ?? '',
  line.why ?? '',
  placesCell(line.places, pathOf),
];

/** The stock ledger, for staff: the movements of every item or one, as CSV. */
export function movementsRoutes(deps: { store: Store; stalledReaderMs?: number }) {
  const stalledReaderMs = deps.stalledReaderMs ?? STALLED_READER_MS;
  return [
    route({
      method: 'post',
      path: '/movements/:id/undo',
      operationId: 'undoMovement',
      tag: 'inventory',
      summary: `Undo ${UNDO_TEXTS.undoable} of stock`,
      description:
        'Appends an `undo` movement of −delta linked to the movement (`undoOf`), in one atomic step, once. ' +
        `Your own movement within ${UNDO_MINUTES} minutes; a manager (permission \`manageItems\`) anyone's, ` +
        `any time. ${capitalized(UNDO_TEXTS.cancelled)} is cancelled instead; ${UNDO_TEXTS.never} is not undone.`,
      access: 'moveStock',
      params: idParams('movement'),
      responses: {
        '200': { description: 'The item’s new quantity, and the `undo` movement', content: json(stockResultSchema) },
      },
      refusals: {
        403: `Not your movement, or more than ${UNDO_MINUTES} minutes ago (forbidden; a manager may)`,
        404: 'No movement with that id (not_found)',
        409:
          'Already undone, a kind of movement that is not undone, its item deleted, or the stock would go below 0 ' +
          'or over the limit (cannot_undo, saying which); nothing changed',
      },
      async handle({ params }, _req, res) {
        const manager = can(currentRole(res), 'manageItems');
        const limit = manager ? undefined : { ownSince: new Date(Date.now() - UNDO_WINDOW_MS).toISOString() };
        res.json(undoAnswer(await deps.store.items.undo(params.id, currentAuthor(res), limit)));
      },
    }),
    route({
      method: 'get',
      path: '/movements.csv',
      operationId: 'exportMovements',
      tag: 'inventory',
      summary: 'The stock ledger as CSV, oldest first',
      description:
        `Columns: ${MOVEMENT_CSV_COLUMNS.join(', ')}. Every item's movements, or one item's (\`itemId\`), ` +
        'from `from` to `to` (dates or date-times, inclusive), by time then as written; an item deleted since ' +
        'is named as it was. `places`: where the units went, each location by its path with its signed units ' +
        '(`Main -2; Back room / Shelf A / Bin 3 +2`; a location deleted since by its id), empty when all at Main. ' +
        'Streamed in constant memory, RFC 4180, UTF-8 (`bom=1` for Excel); a text cell ' +
        'starting with = + - @, a tab or a carriage return gets a leading apostrophe (CSV injection).',
      access: 'readStock',
      query: movementCsvQuerySchema,
      responses: {
        '200': {
          description: 'The CSV file, offered for saving as movements-<date>.csv',
          content: { 'text/csv': { schema: z.string() } },
        },
      },
      async handle({ query: { bom, ...filter } }, _req, res) {
        const paths = exportPaths(deps.store);
        async function* rows() {
          for await (const lines of deps.store.items.ledger(filter)) {
            await paths.learn(lines);
            yield lines.map((line) => movementRow(line, paths.pathOf));
          }
        }
        const day = new Date().toISOString().slice(0, 10);
        await streamCsv(res, `movements-${day}.csv`, MOVEMENT_CSV_COLUMNS, rows(), stalledReaderMs, {
          bom: bom === '1',
        });
      },
    }),
  ];
}
