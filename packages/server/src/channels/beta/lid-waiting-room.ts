/**
 * Messages from a 1:1 chat that WhatsApp addressed by LID only, waiting for the phone number
 * behind it (Baileys reports it through `lid-mapping.update` or a contact update). Bounded in
 * count and time: the oldest are dropped first, and anything older than `ttlMs` is dropped when
 * the room is next touched. Dropped items are returned so the caller can log them; they are
 * never stored under the LID.
 */
export class LidWaitingRoom<T> {
  private readonly byLid = new Map<string, { item: T; at: number }[]>();
  private count = 0;

  constructor(
    private readonly opts: { max: number; ttlMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Keeps an item; returns what had to go (too old, or beyond the bound). */
  add(lid: string, item: T): T[] {
    const dropped = this.expire();
    const list = this.byLid.get(lid) ?? [];
    list.push({ item, at: this.now() });
    this.byLid.set(lid, list);
    this.count++;
    while (this.count > this.opts.max) dropped.push(this.dropOldest());
    return dropped;
  }

  /** The items waiting for this LID, oldest first; they leave the room. */
  take(lid: string): T[] {
    const list = this.byLid.get(lid) ?? [];
    this.byLid.delete(lid);
    this.count -= list.length;
    return list.map((e) => e.item);
  }

  /** Drops what waited longer than the time limit. */
  expire(): T[] {
    const limit = this.now() - this.opts.ttlMs;
    const dropped: T[] = [];
    for (const [lid, list] of this.byLid) {
      const keep = list.filter((e) => e.at >= limit);
      for (const e of list) if (e.at < limit) dropped.push(e.item);
      if (keep.length) this.byLid.set(lid, keep);
      else this.byLid.delete(lid);
    }
    this.count -= dropped.length;
    return dropped;
  }

  /** Empties the room (the session stops); returns what was waiting. */
  clear(): T[] {
    const all = [...this.byLid.values()].flat().map((e) => e.item);
    this.byLid.clear();
    this.count = 0;
    return all;
  }

  private dropOldest(): T {
    let oldest: { lid: string; at: number } | undefined;
    for (const [lid, list] of this.byLid) {
      const at = list[0]!.at;
      if (!oldest || at < oldest.at) oldest = { lid, at };
    }
    const list = this.byLid.get(oldest!.lid)!;
    const [first] = list.splice(0, 1);
    if (!list.length) this.byLid.delete(oldest!.lid);
    this.count--;
    return first!.item;
  }
}
