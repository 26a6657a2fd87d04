import { PALETTE } from './ColorField';

const hex = (n: number) =>
  Math.round(n * 255)
    .toString(16)
    .padStart(2, '0');

/** #RRGGBB of a hue at a fixed saturation and lightness that reads well as a chip's background. */
function fromHue(hue: number): string {
  const s = 0.6;
  const l = 0.45;
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`.toUpperCase();
}

/**
 * A colour for a new queue that no queue of the company has (the server refuses a taken one):
 * a palette colour at random among the free ones, else a made-up hue.
 */
export function freshColor(used: readonly string[], random: () => number = Math.random): string {
  const taken = new Set(used.map((c) => c.toLowerCase()));
  const free = PALETTE.filter((c) => !taken.has(c.toLowerCase()));
  if (free.length > 0) return free[Math.floor(random() * free.length)]!;
  let c = fromHue(Math.floor(random() * 360));
  for (let tries = 0; taken.has(c.toLowerCase()) && tries < 720; tries++) c = fromHue(Math.floor(random() * 360));
  return c;
}
