/** The ten colours of charts and tags (spec section 9). */
export const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'] as const;

function parse(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** `tenths` of b into a, in whole tenths so that no floating-point drift changes the rounding. */
const mix = (a: number[], b: number[], tenths: number) => a.map((v, i) => (v * (10 - tenths) + b[i] * tenths) / 10);

/** The theme colour with 9 lighter shades (towards white) and 9 darker ones (towards black), lightest and darkest last. */
export function themeShades(color: string): { lighter: string[]; darker: string[] } {
  const rgb = parse(color);
  const steps = Array.from({ length: 9 }, (_, i) => i + 1);
  return { lighter: steps.map((w) => toHex(mix(rgb, [255, 255, 255], w))), darker: steps.map((w) => toHex(mix(rgb, [0, 0, 0], w))) };
}
