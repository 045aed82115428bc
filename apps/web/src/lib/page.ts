/** One page of a list, and how many rows match in all (the API's X-Total-Count). */
export interface Page<T> {
  items: T[];
  total: number;
}

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** A page cut from a whole list the API answers at once (My Item has no server paging). */
export function slicePage<T>(all: T[], page: number, size: number): Page<T> {
  return { items: all.slice((page - 1) * size, page * size), total: all.length };
}
