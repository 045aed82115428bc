import type { Alert } from '@smart-zone/types/alert';
import type { Actor } from '@smart-zone/types/item';
import type { Store } from '../../src/store/store';

const clerk: Actor = { uid: 'uid-clerk', email: 'clerk@example.com' };

/**
 * Raises alerts the way the warehouse does: `items` items of 10 with a
 * reorder point of 5, each delivered across it (6: low), every other one
 * straight to 0 (10: out). One alert per item (an item going on from low to 0
 * would update its open alert, not raise another). Answers the alerts the store
 * opened, oldest first.
 */
export async function raiseAlerts(store: Store, items: number, prefix = 'Alert phone'): Promise<Alert[]> {
  for (let i = 1; i <= items; i += 1) {
    const item = await store.items.create(
      { name: `${prefix} ${i}`, supplier: 'Acme', price: 1, quantity: 10, minStock: 5, description: '', img: '' },
      clerk,
    );
    for (const quantity of i % 2 === 0 ? [10] : [6]) {
      const outcome = await store.deliveries.create({
        owner: clerk,
        name: 'Ann',
        inventoriesId: item._id,
        address: '1 Main Street',
        phone: '+1 555 0100',
        quantity,
      });
      if (!outcome.ok) throw new Error(`delivery refused: ${outcome.reason}`);
    }
  }
  const { alerts } = await store.alerts.list({ limit: 200, skip: 0 });
  return alerts.reverse();
}
