import { LRUCache } from 'lru-cache';
import type { Item } from '@smart-zone/types/item';
import { PHOTO_SIZE_NAMES, photoHashOf, photoName, photoUrl } from '@smart-zone/types/photo';
import { AppError, notFound } from '../errors/app-error';
import { ITEM_NOT_FOUND } from '../inventory/inventory.service';
import type { Author, Store } from '../store/store';
import { makePhotos } from './make-photos';
import type { PhotoStore } from './photo-store';

/** Photos decoded at once (each holds a core while it lasts), and how many more may wait for their turn. */
export const PHOTOS_AT_ONCE = 2;
export const PHOTOS_WAITING_MAX = 6;
/** The served photos kept in memory, in bytes: the thumbs and cards of a few hundred items. */
const SERVED_BYTES_MAX = 32 * 1024 * 1024;
/** How many times an item changed by someone else meanwhile is read again before giving up. */
const WRITE_TRIES = 5;

const namesOf = (hash: string) => PHOTO_SIZE_NAMES.map((size) => photoName(hash, size));

/** The item's fields as a PUT sends them, with another `img` (its SKU and barcodes, left out, stay as they are). */
const withImg = (item: Item, img: string) => ({
  name: item.name,
  supplier: item.supplier,
  price: item.price,
  quantity: item.quantity,
  description: item.description,
  minStock: item.minStock,
  img,
});

/** Takes turns: PHOTOS_AT_ONCE run at once, the others wait (the route admits PHOTOS_WAITING_MAX more). */
function turns() {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= PHOTOS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    },
  };
}

/** An item's photo: made in three sizes, kept in the photo store, named by the item's `img`; and served. */
export function photosService(store: Store, photos: PhotoStore) {
  const decoding = turns();
  const served = new LRUCache<string, Buffer>({ maxSize: SERVED_BYTES_MAX, sizeCalculation: (bytes) => bytes.length });

  /**
   * Sets the item's `img` (an edit of that field alone, recorded in the audit as every item change is), at the
   * version just read: a stock move meanwhile reads it again. Answers the `img` it had.
   */
  async function setImg(id: string, img: string, author: Author): Promise<string> {
    for (let tries = 0; tries < WRITE_TRIES; tries += 1) {
      const item = await store.items.get(id);
      if (!item) throw notFound(ITEM_NOT_FOUND);
      if (item.img === img) return item.img;
      const outcome = await store.items.update(id, withImg(item, img), author, item.version);
      if (outcome.ok) return item.img;
      if (outcome.reason === 'not_found') throw notFound(ITEM_NOT_FOUND);
    }
    throw new AppError(412, 'precondition_failed', 'This item is changing too often right now: try again in a moment.');
  }

  /** The files of a photo no item names any more; a failure leaves them (they are never served to anyone). */
  const forget = async (img: string, keep?: string) => {
    const hash = photoHashOf(img);
    if (!hash || hash === keep) return;
    for (const name of namesOf(hash)) served.delete(name);
    await photos.remove(namesOf(hash)).catch(() => undefined);
  };

  return {
    /** The uploaded image becomes the item's photo; its old one's files go. Answers the three sizes' URLs. */
    async set(id: string, bytes: Buffer, author: Author) {
      if (!(await store.items.get(id))) throw notFound(ITEM_NOT_FOUND);
      const made = await decoding.run(() => makePhotos(bytes, id));
      await photos.put(PHOTO_SIZE_NAMES.map((size) => ({ name: photoName(made.hash, size), bytes: made.sizes[size] })));
      const card = photoUrl(made.hash, 'card');
      let old: string;
      try {
        old = await setImg(id, card, author);
      } catch (error) {
        await forget(card);
        throw error;
      }
      await forget(old, made.hash);
      return {
        img: card,
        thumb: photoUrl(made.hash, 'thumb'),
        card,
        full: photoUrl(made.hash, 'full'),
        bytes: { thumb: made.sizes.thumb.length, card: made.sizes.card.length, full: made.sizes.full.length },
      };
    },

    /** The item has no picture any more; an uploaded photo's files go. */
    async remove(id: string, author: Author) {
      const old = await setImg(id, '', author);
      await forget(old);
      return { img: '' };
    },

    /** A photo's bytes by name (PHOTO_NAME, checked by the route), from memory when served lately; null: none. */
    async file(name: string): Promise<Buffer | null> {
      const kept = served.get(name);
      if (kept) return kept;
      const bytes = await photos.get(name);
      if (bytes) served.set(name, bytes);
      return bytes;
    },
  };
}
