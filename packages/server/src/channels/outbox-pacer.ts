/** A throttled connection stays at the lowered rate this long before stepping back up (doubling). */
const SLOW_FOR_MS = 5_000;
/** Throttles closer together than this are one event: the sends in flight all hear it at once. */
const CUT_EVERY_MS = 1_000;
/** Bursts of up to this share of a second's sends: timers wake late, a strict spacing loses pace. */
const BURST_SHARE = 1 / 20;

/**
 * A token bucket for one connection: at most `perSecond` sends start per second (bursts of a
 * twentieth of that). When the provider throttles, the rate halves (once per second of throttles,
 * down to 1/s) and steps back up, doubling every few seconds without a throttle, to the
 * configured one. Kept across drains by the session registry, so a throttled connection stays
 * slowed when the outbox drains again. `Infinity`: unpaced.
 */
export class Pacer {
  private configured: number;
  private rate: number;
  private tokens: number;
  private last = performance.now();
  private lastCut = -Infinity;
  private slowUntil = 0;
  private readonly waiting: (() => void)[] = [];
  private timer?: NodeJS.Timeout;

  constructor(perSecond: number) {
    this.configured = perSecond;
    this.rate = perSecond;
    this.tokens = this.capacity();
  }

  /** The connection's pace, as configured now; a slowed pacer stays slowed but never above it. */
  setRate(perSecond: number): void {
    this.configured = perSecond;
    if (this.rate > perSecond || performance.now() >= this.slowUntil) this.rate = perSecond;
  }

  /** The rate in force (for tests and logs). */
  get currentRate(): number {
    return this.rate;
  }

  /** Resolves when a send may start. */
  take(): Promise<void> {
    if (this.rate === Infinity) return Promise.resolve();
    this.refill();
    if (this.waiting.length === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** The provider said "slow down". */
  throttled(): void {
    const now = performance.now();
    this.slowUntil = now + SLOW_FOR_MS;
    if (now - this.lastCut < CUT_EVERY_MS || this.rate === Infinity) return;
    this.lastCut = now;
    this.refill();
    this.rate = Math.max(1, this.rate / 2);
    // What the bucket held was measured at the old rate.
    this.tokens = Math.min(this.tokens, 0);
  }

  private capacity(): number {
    return Math.max(1, this.rate * BURST_SHARE);
  }

  private refill(): void {
    const now = performance.now();
    if (this.rate < this.configured && now >= this.slowUntil) {
      this.rate = Math.min(this.configured, this.rate * 2);
      this.slowUntil = now + SLOW_FOR_MS;
    }
    this.tokens = Math.min(this.capacity(), this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
  }

  private schedule(): void {
    if (this.timer) return;
    const wait = Math.max(1, ((1 - this.tokens) / this.rate) * 1000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.refill();
      while (this.waiting.length > 0 && this.tokens >= 1) {
        this.tokens -= 1;
        this.waiting.shift()!();
      }
      if (this.waiting.length > 0) this.schedule();
    }, wait);
  }
}
