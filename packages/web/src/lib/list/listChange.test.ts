import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyListChange, type ListTarget } from './listChange';
import { holdsRow, patchRow, prependRow, removeRow, type ListPages } from './pagedListCache';

interface Row {
  id: number;
  name: string;
  extra?: string;
}
type Pages = ListPages<Row, 'items'>;

const row = (id: number, over: Partial<Row> = {}): Row => ({ id, name: `R${id}`, ...over });
const pages = (rows: Row[][], count?: number): Pages => ({
  pageParams: rows.map((_, i) => i + 1),
  pages: rows.map((items, i) => ({ items, hasMore: i < rows.length - 1, ...(count === undefined ? {} : { count }) })),
});
const ids = (data: Pages | undefined) => data?.pages.map((p) => p.items.map((r) => r.id));

describe('paged list cache', () => {
  const data = pages([[row(1), row(2)], [row(3)]], 3);

  it('patches the held copy, keeping fields the change does not carry', () => {
    const next = patchRow(pages([[row(1, { extra: 'x' })]]), 'items', row(1, { name: 'new' }));
    expect(next?.pages[0]?.items[0]).toEqual({ id: 1, name: 'new', extra: 'x' });
  });

  it('leaves the pages as they are when the row is not held (same object)', () => {
    expect(patchRow(data, 'items', row(9))).toBe(data);
    expect(removeRow(data, 'items', 9)).toBe(data);
  });

  it('puts an unknown row first on the first page, and patches a known one in place', () => {
    expect(ids(prependRow(data, 'items', row(9)))).toEqual([[9, 1, 2], [3]]);
    expect(ids(prependRow(data, 'items', row(3, { name: 'x' })))).toEqual([[1, 2], [3]]);
    expect(prependRow(data, 'items', row(3, { name: 'x' }))?.pages[1]?.items[0]?.name).toBe('x');
  });

  it('removes a row from whichever page holds it, and the announced count goes down once', () => {
    const next = removeRow(data, 'items', 3);
    expect(ids(next)).toEqual([[1, 2], []]);
    expect(next?.pages.map((p) => p.count)).toEqual([2, 2]);
    expect(removeRow(next, 'items', 3)).toBe(next);
  });

  it('does not touch data of another shape cached under a neighbouring key (a bare array)', () => {
    const bare = [row(1)] as unknown as Pages;
    expect(prependRow(bare, 'items', row(2))).toBe(bare);
    expect(removeRow(bare, 'items', 1)).toBe(bare);
    expect(holdsRow(bare, 'items', 1)).toBe(false);
  });
});

describe('applying a change to every cached list of the domain', () => {
  const spec = (newRows: 'prepend' | 'refetch'): ListTarget<'items'> => ({
    key: ['things', 'paged'],
    rowsKey: 'items',
    newRows,
  });
  const setup = () => {
    const qc = new QueryClient();
    const all = ['things', 'paged', {}, ''];
    const search = ['things', 'paged', {}, 'r2'];
    qc.setQueryData(all, pages([[row(1), row(2)]], 2));
    qc.setQueryData(search, pages([[row(2)]], 1));
    qc.setQueryData(['things', 'list'], [row(1)]); // a bare array elsewhere in the domain
    const read = (key: unknown[]) => qc.getQueryData<Pages>(key);
    const stale = (key: unknown[]) => qc.getQueryState(key)?.isInvalidated;
    return { qc, all, search, read, stale };
  };

  it('patches a changed row in every list that holds it', () => {
    const { qc, all, search, read } = setup();
    applyListChange(qc, spec('refetch'), { type: 'upsert', row: row(2, { name: 'two' }) });
    expect(read(all)?.pages[0]?.items[1]?.name).toBe('two');
    expect(read(search)?.pages[0]?.items[0]?.name).toBe('two');
  });

  it('prepend: a new row goes first in every list', () => {
    const { qc, all, search, read, stale } = setup();
    applyListChange(qc, spec('prepend'), { type: 'upsert', row: row(7) });
    expect(ids(read(all))).toEqual([[7, 1, 2]]);
    expect(ids(read(search))).toEqual([[7, 2]]);
    expect(stale(all)).toBe(false);
  });

  it('refetch: a row no list holds makes the lists read again, unchanged until then', () => {
    const { qc, all, search, read, stale } = setup();
    applyListChange(qc, spec('refetch'), { type: 'upsert', row: row(7) });
    expect(ids(read(all))).toEqual([[1, 2]]);
    expect([stale(all), stale(search)]).toEqual([true, true]);
    expect(stale(['things', 'list'])).toBe(false);
  });

  it('removes a deleted row everywhere, the counts with it', () => {
    const { qc, all, search, read } = setup();
    applyListChange(qc, spec('prepend'), { type: 'remove', id: 2 });
    expect(ids(read(all))).toEqual([[1]]);
    expect(read(all)?.pages[0]?.count).toBe(1);
    expect(ids(read(search))).toEqual([[]]);
    expect(qc.getQueryData(['things', 'list'])).toEqual([row(1)]);
  });

  it('reload: every list of the domain reads again', () => {
    const { qc, all, search, stale } = setup();
    applyListChange(qc, spec('prepend'), { type: 'reload' });
    expect([stale(all), stale(search)]).toEqual([true, true]);
  });
});
