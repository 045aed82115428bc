/**
 * Rows per page of the inventory's lists, and the order each starts in (here so
 * their skeletons, and the first visit's early data request, in the first download, know them too).
 */

/** Four rows of three cards. */
export const INVENTORY_PAGE_SIZE = 12;
/** The product's order: oldest first, as the home page's first six. */
export const INVENTORY_DEFAULT_SORT = '-newest';

export const MANAGE_PAGE_SIZE = 20;
/** What was added last comes first: that is what a manager looks for. */
export const MANAGE_DEFAULT_SORT = 'newest';
