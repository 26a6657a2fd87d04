/**
 * Bounded admission for webhook deliveries: at most `maxActive` are stored at once, the others
 * wait in arrival order. One that cannot start within `maxWaitMs` (or finds `maxQueued` ahead of
 * it) is refused at once — the webhook answers 429 and Meta delivers it again later — instead of
 * every delivery slowing down together until all of them time out (overload collapse).
 */
export class Admission {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly maxActive: number,
    private readonly maxWaitMs: number,
    private readonly maxQueued: number,
  ) {}

  /** Runs `fn` when admitted; resolves `{admitted: false}` when refused (nothing was run). */
  async run<T>(fn: () => Promise<T>): Promise<{ admitted: true; value: T } | { admitted: false }> {
    if (this.active >= this.maxActive) {
      if (this.waiting.length >= this.maxQueued) return { admitted: false };
      const admitted = await new Promise<boolean>((resolve) => {
        const go = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          const i = this.waiting.indexOf(go);
          if (i >= 0) this.waiting.splice(i, 1);
          resolve(false);
        }, this.maxWaitMs);
        this.waiting.push(go);
      });
      if (!admitted) return { admitted: false };
    } else {
      this.active++;
    }
    try {
      return { admitted: true, value: await fn() };
    } finally {
      // Hand the slot to the next in line (it keeps `active` as it is), or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }
}
