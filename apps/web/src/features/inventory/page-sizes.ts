/** Rows per page of the inventory's lists (here so their skeletons, in the first download, know them too). */

/** Four rows of three cards. */
export const INVENTORY_PAGE_SIZE = 12;

export const MANAGE_PAGE_SIZE = 20;
