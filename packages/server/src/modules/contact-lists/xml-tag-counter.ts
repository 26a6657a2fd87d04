/**
 * Counts start tags of a few short names in XML arriving in chunks, byte by byte, without parsing
 * it (a cheap pass before the real parser). An element any XML parser reports as `<row …>` is
 * written with those very bytes (names cannot be escaped), so the counts are upper bounds of what
 * the parser will see; a `<` inside a comment or CDATA only counts more. Also watches the longest
 * stretch without a `<`: no text or tag the parser buffers can be longer.
 */
export class XmlTagCounter {
  private readonly limits = new Map<number, { count: number; max: number; refuse: () => Error }>();
  private name = 0;
  private nameLength = -1; // -1: not reading a tag name
  private stretch = 0;

  constructor(
    tags: Array<{ tag: string; max: number; refuse: () => Error }>,
    private readonly maxStretch: number,
    private readonly refuseStretch: () => Error,
  ) {
    for (const { tag, max, refuse } of tags) this.limits.set(code(tag), { count: 0, max, refuse });
  }

  /** How many `<tag` were read so far. */
  count(tag: string): number {
    return this.limits.get(code(tag))?.count ?? 0;
  }

  /** Reads the next bytes; throws the limit's refusal as soon as a count passes it. */
  push(chunk: Buffer): void {
    let { name, nameLength, stretch } = this;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b === 0x3c /* < */) {
        stretch = 0;
        name = 0;
        nameLength = 0;
        continue;
      }
      if (++stretch > this.maxStretch) throw this.refuseStretch();
      if (nameLength < 0) continue;
      if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x3e /* > */ || b === 0x2f /* / */) {
        const limit = nameLength > 0 ? this.limits.get(name) : undefined;
        if (limit && ++limit.count > limit.max) throw limit.refuse();
        nameLength = -1;
      } else if (nameLength === MAX_NAME) {
        nameLength = -1; // longer than any name counted
      } else {
        name = name * 256 + b;
        nameLength++;
      }
    }
    this.name = name;
    this.nameLength = nameLength;
    this.stretch = stretch;
  }
}

const MAX_NAME = 3;
function code(tag: string): number {
  if (tag.length > MAX_NAME || !/^[a-z]+$/i.test(tag)) throw new Error(`cannot count <${tag}>`);
  return [...tag].reduce((c, ch) => c * 256 + ch.charCodeAt(0), 0);
}
