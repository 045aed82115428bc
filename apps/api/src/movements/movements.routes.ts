import { z } from 'zod';
import { MOVEMENT_CSV_COLUMNS, movementCsvQuerySchema } from '@smart-zone/types/ledger';
import { route } from '../http/route';
import { streamCsv } from '../http/stream-csv';
import { STALLED_READER_MS } from '../http/stream-json';
import type { LedgerLine, Store } from '../store/store';

/** A line of the ledger as the export's row (MOVEMENT_CSV_COLUMNS, in order; '' where a field is absent). */
const movementRow = (line: LedgerLine): (string | number)[] => [
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
];

/** The stock ledger, for staff: the movements of every item or one, as CSV. */
export function movementsRoutes(deps: { store: Store; stalledReaderMs?: number }) {
  const stalledReaderMs = deps.stalledReaderMs ?? STALLED_READER_MS;
  return [
    route({
      method: 'get',
      path: '/movements.csv',
      operationId: 'exportMovements',
      tag: 'inventory',
      summary: 'The stock ledger as CSV, oldest first',
      description:
        `Columns: ${MOVEMENT_CSV_COLUMNS.join(', ')}. Every item's movements, or one item's (\`itemId\`), ` +
        'from `from` to `to` (dates or date-times, inclusive), by time then as written; an item deleted since ' +
        'is named as it was. Streamed in constant memory, RFC 4180, UTF-8 (`bom=1` for Excel); a text cell ' +
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
        async function* rows() {
          for await (const lines of deps.store.items.ledger(filter)) yield lines.map(movementRow);
        }
        const day = new Date().toISOString().slice(0, 10);
        await streamCsv(res, `movements-${day}.csv`, MOVEMENT_CSV_COLUMNS, rows(), stalledReaderMs, {
          bom: bom === '1',
        });
      },
    }),
  ];
}
