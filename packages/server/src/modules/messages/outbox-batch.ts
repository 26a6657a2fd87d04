/**
 * Gathers items written one by one into one statement: `add` resolves with the item's own result
 * once the batch holding it is written. One write at a time; what arrives meanwhile waits for the
 * next. A batch is written after `delayMs` from its first item, or at once with `maxItems`
 * (delayMs 0: on the next turn of the event loop, gathering what is added in the same turn).
 */
export class Batch<T, R> {
  private pending: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private writing?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly opts: { delayMs: number; maxItems: number },
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.opts.maxItems) this.kick(0);
      else this.kick(this.opts.delayMs);
    });
  }

  /** Resolves once everything added so far is written (failures are the adders' to see). */
  async flush(): Promise<void> {
    while (this.pending.length > 0 || this.writing) {
      if (this.writing) await this.writing;
      else this.start();
    }
  }

  private kick(delayMs: number): void {
    if (this.writing) return; // the write under way starts the next one
    if (delayMs === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
      setImmediate(() => this.start());
    } else {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.start();
      }, delayMs);
    }
  }

  private start(): void {
    if (this.writing || this.pending.length === 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending.splice(0, this.opts.maxItems);
    this.writing = this.write(batch.map((p) => p.item)).then(
      (results) => batch.forEach((p, i) => p.resolve(results[i]!)),
      (err: unknown) => batch.forEach((p) => p.reject(err)),
    );
    void this.writing.finally(() => {
      this.writing = undefined;
      if (this.pending.length === 0) return;
      if (this.pending.length >= this.opts.maxItems || this.opts.delayMs === 0) this.start();
      else this.kick(this.opts.delayMs);
    });
  }
}
