import type { Item } from '@smart-zone/types/item';
import { ItemHistory } from './ItemHistory';
import { RestockForm } from './RestockForm';
import { UpdateItemForm } from './UpdateItemForm';

/**
 * The forms under an item: restock (staff), update (anyone who may write;
 * a visitor is asked to sign in), and the stock history (staff). A chunk of
 * its own: the forms and their schemas load after the item is on screen.
 */
export function ItemTools({ item, staff, mayWrite }: { item: Item; staff: boolean; mayWrite: boolean }) {
  return (
    <>
      {staff && <RestockForm item={item} />}
      {mayWrite && <UpdateItemForm item={item} />}
      {staff && <ItemHistory itemId={item._id} />}
    </>
  );
}
