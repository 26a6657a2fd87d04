/** Pages start at 1; a page fetches one row more than it shows to know whether more exist. */
export const PAGE_SIZE = 20;

export function page<T>(rows: T[], size = PAGE_SIZE): { records: T[]; hasMore: boolean } {
  return { records: rows.slice(0, size), hasMore: rows.length > size };
}

/** A user's search text as a LIKE pattern: its own % and _ match literally. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
