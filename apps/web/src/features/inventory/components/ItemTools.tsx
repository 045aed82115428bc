import type { Item } from '@smart-zone/types/item';
import { EditFold } from './EditFold';
import { ItemEdits } from './ItemEdits';
import { ItemHistory } from './ItemHistory';
import { RestockForm } from './RestockForm';
import { UpdateItemForm } from './UpdateItemForm';

/** Which of the tools under an item the signed-in role gets (InventoryDetail decides with roles.ts). */
export interface ItemToolSet {
  /** Restock and remove stock (moveStock). */
  restock: boolean;
  /** The update form (manageItems; a visitor gets it too, and is asked to sign in). */
  edit: boolean;
  /** The stock history (readStock). */
  history: boolean;
  /** The item's edits from the audit (readAudit). */
  edits: boolean;
}

/**
 * The forms under an item, then what happened to it: its stock history, then
 * its edits (the audit). A chunk of its own: the forms and their schemas load
 * after the item is on screen.
 */
export function ItemTools({
  item,
  tools,
  noteRequiredToRemove,
}: {
  item: Item;
  tools: ItemToolSet;
  /** This role must say why it removes stock (roles.ts reasonRequired). */
  noteRequiredToRemove: boolean;
}) {
  return (
    <>
      {tools.restock && <RestockForm item={item} noteRequiredToRemove={noteRequiredToRemove} />}
      {tools.edit && (
        <EditFold eager>
          <UpdateItemForm item={item} />
        </EditFold>
      )}
      {/* One under the other: side by side, each table's six columns would squeeze to a word a line. */}
      {tools.history && <ItemHistory itemId={item._id} itemName={item.name} />}
      {tools.edits && <ItemEdits itemId={item._id} />}
    </>
  );
}
