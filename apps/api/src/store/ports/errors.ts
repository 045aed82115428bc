/**
 * A write gave an item a code (its SKU, or one of its barcodes: `field`) another item has as its SKU or as a
 * barcode: nothing was written. `holder` is that other item.
 */
export class SkuTakenError extends Error {
  constructor(
    readonly sku: string,
    readonly holder: { id: string; name: string },
    readonly field: 'sku' | 'barcodes' = 'sku',
  ) {
    super(`${field === 'sku' ? 'SKU' : 'Barcode'} "${sku}" belongs to another item: "${holder.name}" (${holder.id}).`);
    this.name = 'SkuTakenError';
  }
}

/**
 * The store refuses more work of this kind for now (its queue is full, or its database too busy to commit
 * in time): nothing was done; try again shortly. The message is the client's; `cause` says why, for the log.
 */
export class StoreBusyError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreBusyError';
  }
}

/**
 * The database did not confirm a write's commit (MongoDB: an unknown commit result): it may or may not
 * have been saved, so it is neither a success nor a refusal. The message is the client's; `cause` the
 * database's error, for the log.
 */
export class WriteOutcomeUnknownError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WriteOutcomeUnknownError';
  }
}

/**
 * An import could not be written as planned (an item it updates changed, or a code it gives was taken,
 * while it was written in chunks): its applied chunks were taken back, so nothing of it was imported.
 */
export class ImportConflictError extends Error {
  static readonly MESSAGE = 'Items changed while the import was written: nothing was imported; import the file again';

  constructor(message = ImportConflictError.MESSAGE, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ImportConflictError';
  }
}
