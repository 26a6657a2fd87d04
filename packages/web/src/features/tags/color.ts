/** Black or white, whichever reads better on a background colour (#RGB or #RRGGBB). */
export function readableOn(background: string): '#000' | '#fff' {
  const hex = background.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9a-f]{6}$/i.test(full)) return '#fff';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // The luminance where black and white text have the same contrast ratio.
  return lum > 0.179 ? '#000' : '#fff';
}
