/**
 * Group commit for inbound batches (keyed by company) and acks (keyed by connection): deliveries
 * of one key that arrive while its batches are being stored wait together and go into the next transaction as one batch. At low load a
 * delivery is stored at once, alone (no window to wait out); under load transactions grow
 * instead of multiplying, so their fixed cost (round trips, commit flush) is paid once for many
 * deliveries. Each caller still learns its own results, only once the batch holding them commits.
 *
 * A company may run `parallel` batches at once only while fewer than `crowd` batches run in all:
 * when many companies are busy (ten connections in ten companies), each runs one at a time, so
 * its deliveries gather into one batch instead of splitting over two half-empty ones, whose
 * per-batch cost (round trips, commit) would be paid twice as often on the same CPUs.
 *
 * A failing combined batch is run again one delivery at a time, so one bad delivery fails alone.
 */
export class GroupCommit<Item, Result> {
  private readonly lines = new Map<number, Line<Item, Result>>();
  /** Batches running, all companies together. */
  private running = 0;

  constructor(
    private readonly store: (companyId: number, items: Item[]) => Promise<Result[]>,
    private readonly opts: { maxItems: number; parallel: number; crowd?: number },
  ) {}

  /** Whether the line may start one more batch now. */
  private mayStart(line: Line<Item, Result>): boolean {
    if (line.running === 0) return true;
    return line.running < this.opts.parallel && this.running < (this.opts.crowd ?? Infinity);
  }

  submit(companyId: number, items: Item[]): Promise<Result[]> {
    if (items.length === 0) return Promise.resolve([]);
    let line = this.lines.get(companyId);
    if (!line) {
      line = { waiting: [], running: 0 };
      this.lines.set(companyId, line);
    }
    const l = line;
    const result = new Promise<Result[]>((resolve, reject) => l.waiting.push({ items, resolve, reject }));
    this.pump(companyId, l);
    return result;
  }

  private pump(companyId: number, line: Line<Item, Result>): void {
    while (line.waiting.length > 0 && this.mayStart(line)) {
      const group: Waiter<Item, Result>[] = [];
      let size = 0;
      while (
        line.waiting.length > 0 &&
        (group.length === 0 || size + line.waiting[0]!.items.length <= this.opts.maxItems)
      ) {
        const w = line.waiting.shift()!;
        size += w.items.length;
        group.push(w);
      }
      line.running++;
      this.running++;
      void this.run(companyId, group).finally(() => {
        line.running--;
        this.running--;
        if (line.running === 0 && line.waiting.length === 0) this.lines.delete(companyId);
        else this.pump(companyId, line);
      });
    }
  }

  private async run(companyId: number, group: Waiter<Item, Result>[]): Promise<void> {
    try {
      const results = await this.store(
        companyId,
        group.flatMap((w) => w.items),
      );
      let at = 0;
      for (const w of group) {
        w.resolve(results.slice(at, at + w.items.length));
        at += w.items.length;
      }
    } catch (err) {
      if (group.length === 1) return group[0]!.reject(err);
      await Promise.all(group.map((w) => this.store(companyId, w.items).then(w.resolve, w.reject)));
    }
  }

  /** Batches being stored and deliveries waiting, per company (for logs). */
  get load(): { running: number; waiting: number } {
    let running = 0;
    let waiting = 0;
    for (const l of this.lines.values()) {
      running += l.running;
      waiting += l.waiting.length;
    }
    return { running, waiting };
  }
}

interface Waiter<Item, Result> {
  items: Item[];
  resolve(results: Result[]): void;
  reject(err: unknown): void;
}

interface Line<Item, Result> {
  waiting: Waiter<Item, Result>[];
  running: number;
}
