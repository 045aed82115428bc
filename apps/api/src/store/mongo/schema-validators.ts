import type { Document } from 'mongodb';
import { ALERT_CHANNELS, ALERT_KINDS } from '@smart-zone/types/alert';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '@smart-zone/types/audit';
import { MOVEMENT_REASONS, QUANTITY_MAX } from '@smart-zone/types/item';
import { DAY_BUCKETS, ZERO_DELTA_REASONS } from '@smart-zone/types/movement-kinds';
import { REMOVAL_REASONS } from '@smart-zone/types/removal-reasons';
import { ROLES } from '@smart-zone/types/roles';
import { STOCK_LEVEL_EXPR } from './documents';
import { ITEM_STOCK_PROPERTIES, LOCATION_SCHEMA, MOVEMENT_PLACES_PROPERTY, PLACED_CHECK } from './schema-locations';
import { TOTAL_FIELDS } from './mongo-counts';

/**
 * What MongoDB itself refuses, as SQLite's CHECK constraints do (see store/sqlite/schema.ts): the last line of
 * defence, so even a bug above cannot store negative stock, a delivery of nothing, or a ledger line with an
 * unknown reason. `moderate`: documents written before the validator existed are not checked until they are
 * valid, so an old database still opens; for that reason a field that old documents lack and no migration
 * fills (`seq`, a movement's `version`) is checked when present, not required.
 */
const text = { bsonType: 'string' };
const date = { bsonType: 'date' };
const objectId = { bsonType: 'objectId' };
// Plain numbers only: a long or a decimal would come back as a driver type (and never equal a number).
const number = { bsonType: ['int', 'double'] };
const wholeNumber = { ...number, multipleOf: 1 };
const actor = { bsonType: 'object', required: ['uid', 'email'], properties: { uid: text, email: text } };
const quantity = { ...wholeNumber, minimum: 0, maximum: QUANTITY_MAX };
const seq = { ...wholeNumber, minimum: 1 };
/**
 * The stats' totals of a day: units, which pass 2^31 − 1 in a busy day (2,148 moves of a million). The
 * ledger adds doubles (exact to 2^53); a long, which an $inc of ints makes past 2^31 − 1 (an instance from
 * before), is accepted too, or that day's every later stock write would be refused. Read with countOf.
 */
const total = { bsonType: ['int', 'long', 'double'], multipleOf: 1, minimum: 0 };
/** A total that an undo or a cancel takes units off (a day bucket, an item's day delivered): any sign. */
const signedTotal = { ...total, minimum: -Number.MAX_SAFE_INTEGER };

const SCHEMAS = {
  locations: LOCATION_SCHEMA,
  items: {
    bsonType: 'object',
    required: [
      'name',
      'supplier',
      'price',
      'quantity',
      'description',
      'img',
      'createdAt',
      'updatedAt',
      'version',
      'createdBy',
      'updatedBy',
      'search',
      'nameKey',
      'minStock',
      'low',
      'shortfall',
    ],
    properties: {
      _id: objectId,
      name: text,
      supplier: text,
      price: { ...number, minimum: 0 },
      quantity: { ...wholeNumber, minimum: 0 },
      description: text,
      img: text,
      minStock: quantity,
      // Absent on items from before it; trimmed (no space at either end) and 1–64 characters when set.
      sku: { bsonType: ['string', 'null'], minLength: 1, maxLength: 64, pattern: '^\\S(.*\\S)?$' },
      // Absent on items from before them; codes: the SKU and the barcodes.
      barcodes: { bsonType: 'array', maxItems: 10, items: { bsonType: 'string', minLength: 1, maxLength: 64 } },
      codes: { bsonType: 'array', maxItems: 11, items: { bsonType: 'string', minLength: 1, maxLength: 64 } },
      low: { bsonType: 'bool' },
      shortfall: { ...wholeNumber, minimum: -QUANTITY_MAX, maximum: QUANTITY_MAX },
      createdAt: date,
      updatedAt: date,
      version: { ...wholeNumber, minimum: 1 },
      createdBy: actor,
      updatedBy: actor,
      ...ITEM_STOCK_PROPERTIES,
      search: text,
      grams: { bsonType: 'array', items: text },
      nameKey: text,
      seq,
    },
  },
  deliveries: {
    bsonType: 'object',
    required: ['uid', 'email', 'name', 'inventory', 'inventoriesId', 'address', 'phone', 'quantity', 'createdAt'],
    properties: {
      _id: objectId,
      uid: text,
      email: text,
      name: text,
      inventory: text,
      inventoriesId: objectId,
      address: text,
      phone: text,
      quantity: { ...wholeNumber, minimum: 1 },
      createdAt: date,
      cancelledAt: date,
      cancelledBy: text,
      cancelReason: text,
      seq: { ...wholeNumber, minimum: 1 },
    },
  },
  movements: {
    bsonType: 'object',
    required: ['itemId', 'delta', 'quantityAfter', 'reason', 'actor', 'at'],
    properties: {
      _id: objectId,
      itemId: objectId,
      delta: wholeNumber,
      quantityAfter: { ...wholeNumber, minimum: 0 },
      reason: { enum: [...MOVEMENT_REASONS] },
      actor,
      deliveryId: objectId,
      note: text,
      why: { enum: [...REMOVAL_REASONS] },
      at: date,
      item: { bsonType: 'object' },
      version: { ...wholeNumber, minimum: 1 },
      undoOf: objectId,
      places: MOVEMENT_PLACES_PROPERTY,
    },
    allOf: [
      // A zero change is only of a reason that may move 0 (movement-kinds.ts: an item created or deleted empty).
      {
        anyOf: [
          { properties: { reason: { enum: [...ZERO_DELTA_REASONS] } } },
          { properties: { delta: { not: { minimum: 0, maximum: 0 } } } },
        ],
      },
      // An undo names the movement it takes back, and only an undo does.
      {
        anyOf: [
          { properties: { reason: { enum: ['undo'] } }, required: ['undoOf'] },
          { properties: { reason: { not: { enum: ['undo'] } } }, not: { required: ['undoOf'] } },
        ],
      },
    ],
  },
  alerts: {
    bsonType: 'object',
    required: ['itemId', 'itemName', 'kind', 'quantity', 'minStock', 'at', 'seq', 'pending'],
    properties: {
      _id: objectId,
      itemId: objectId,
      itemName: text,
      kind: { enum: [...ALERT_KINDS] },
      quantity,
      minStock: quantity,
      movementId: objectId,
      at: date,
      readAt: date,
      seq,
      pending: { bsonType: 'array', items: { enum: [...ALERT_CHANNELS] } },
      open: { enum: [true] },
      resolvedAt: date,
      resolvedBy: objectId,
      resolvedPending: { bsonType: 'array', items: { enum: [...ALERT_CHANNELS] } },
    },
  },
  alertSends: {
    bsonType: 'object',
    required: ['alertId', 'alertSeq', 'channel', 'state', 'attempts'],
    properties: {
      _id: objectId,
      alertId: objectId,
      alertSeq: seq,
      channel: { enum: [...ALERT_CHANNELS] },
      event: { enum: ['resolved'] },
      state: { enum: ['retry', 'sent', 'failed'] },
      attempts: { ...wholeNumber, minimum: 1 },
      retryAt: date,
      lastError: text,
    },
  },
  changes: {
    bsonType: 'object',
    required: ['seq', 'itemId', 'cause', 'quantity', 'minStock', 'version', 'at'],
    properties: {
      _id: objectId,
      seq,
      n: { ...wholeNumber, minimum: 0 },
      itemId: objectId,
      cause: { enum: [...MOVEMENT_REASONS, 'updated'] },
      quantity,
      minStock: quantity,
      // Numeric keywords hold for numbers only: null (a deletion) passes them.
      version: { bsonType: ['int', 'double', 'null'], minimum: 1, multipleOf: 1 },
      movementId: objectId,
      delta: wholeNumber,
      deliveryId: objectId,
      alertId: objectId,
      alertKind: { enum: [...ALERT_KINDS] },
      at: date,
    },
  },
  members: {
    bsonType: 'object',
    required: ['_id', 'role', 'invitedBy', 'at'],
    properties: {
      // The email, normalised (trimmed, lower-cased).
      _id: text,
      role: { enum: [...ROLES] },
      invitedBy: text,
      at: date,
    },
  },
  audit: {
    bsonType: 'object',
    required: ['seq', 'at', 'actor', 'action', 'target', 'requestId'],
    properties: {
      _id: objectId,
      seq,
      at: date,
      actor,
      action: { enum: [...AUDIT_ACTIONS] },
      target: {
        bsonType: 'object',
        required: ['kind', 'id', 'name'],
        properties: { kind: { enum: [...AUDIT_TARGETS] }, id: text, name: text, itemId: objectId },
      },
      // Each changed field as [old, new]: a string, a number or null on each side.
      changes: {
        bsonType: 'object',
        additionalProperties: {
          bsonType: 'array',
          minItems: 2,
          maxItems: 2,
          items: { bsonType: ['string', 'int', 'double', 'null'] },
        },
      },
      reason: text,
      movementId: objectId,
      requestId: text,
    },
  },
  movementDays: {
    bsonType: 'object',
    required: ['_id'],
    properties: {
      // A day's counter document (YYYY-MM-DD/<shard>), or its whole count from the ledger (YYYY-MM-DD).
      _id: { ...text, pattern: '^\\d{4}-\\d{2}-\\d{2}(/\\d+)?$' },
      // The buckets a day's writes moved (issue 32): signed, a shard or a day (an undo a day later) may be below 0.
      ...Object.fromEntries(DAY_BUCKETS.map((bucket) => [bucket, signedTotal])),
      // Units in and out, as documents from before the buckets held them.
      in: total,
      out: total,
    },
  },
  // The catalogue's totals, a counter document per shard (items/<shard>): any one may be negative.
  totals: {
    bsonType: 'object',
    required: ['_id', ...TOTAL_FIELDS],
    properties: {
      _id: { ...text, pattern: '^items/\\d+$' },
      ...Object.fromEntries(TOTAL_FIELDS.map((field) => [field, signedTotal])),
      writes: total,
    },
  },
  itemOutDays: {
    bsonType: 'object',
    required: ['day', 'itemId', 'out'],
    properties: {
      _id: objectId,
      day: { ...text, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      itemId: objectId,
      // Units delivered less cancelled that day: below 0 when a delivery of another day was cancelled.
      out: signedTotal,
    },
  },
} satisfies Record<string, Document>;
export type CollectionName = keyof typeof SCHEMAS;

/**
 * Items' derived stock fields checked against quantity and minStock, so a write path that moved one without
 * the others is refused instead of leaving the low list wrong.
 */
const ITEM_STOCK_CHECK: Document = {
  $expr: {
    $and: [{ $eq: ['$low', STOCK_LEVEL_EXPR.low] }, { $eq: ['$shortfall', STOCK_LEVEL_EXPR.shortfall] }, PLACED_CHECK],
  },
};

/** Each collection's validator, by its name: its schema (and for items ITEM_STOCK_CHECK). */
export const VALIDATORS: Record<string, Document> = Object.fromEntries(
  Object.entries(SCHEMAS).map(([name, schema]) => [
    name,
    { $jsonSchema: schema, ...(name === 'items' ? ITEM_STOCK_CHECK : {}) },
  ]),
);
