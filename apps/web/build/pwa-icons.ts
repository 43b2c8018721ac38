import zlib from 'node:zlib';

/**
 * The app's icons for the web app manifest (issue 18), drawn at build time in the studio's colour (studio.config.json
 * `themeColor`, STUDIO_THEME_COLOR): the favicon's mark, a white drop with a pink dot, on the colour. No image tool is
 * needed: each pixel is tested against the mark's shapes at 4x4 points (anti-aliased edges) and written as a PNG.
 *
 * - `any`: the favicon's rounded square, transparent outside the corners;
 * - `maskable`: full bleed colour, the mark inside the middle 60 % (a launcher may cut the icon to any shape that
 *   keeps the middle 80 % circle: web.dev "maskable icons").
 */
export type IconPurpose = 'any' | 'maskable';

type Rgba = [number, number, number, number];

function parseHex(hex: string): Rgba {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Not a #RRGGBB colour: ${hex}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 255];
}

const WHITE: Rgba = [255, 255, 255, 255];
const PINK: Rgba = [0xe0, 0x5a, 0x89, 255];

/** The half width of the drop's upper part at height y (favicon units, 0..64): its cubic edge sampled once. */
const dropHalfWidth = (() => {
  // "M32 12 c-6 8 -12 15 -12 24": from (32,12) by controls (26,20) (20,27) to (20,36)
  const pts: [number, number][] = [];
  for (let i = 0; i <= 400; i++) {
    const t = i / 400;
    const u = 1 - t;
    const x = u * u * u * 32 + 3 * u * u * t * 26 + 3 * u * t * t * 20 + t * t * t * 20;
    const y = u * u * u * 12 + 3 * u * u * t * 20 + 3 * u * t * t * 27 + t * t * t * 36;
    pts.push([x, y]);
  }
  // a table on a 1/100 unit grid of y from 12 to 36: one look-up per test, not a walk along the curve
  const table = new Float64Array(2401);
  let j = 1;
  for (let k = 0; k <= 2400; k++) {
    const y = 12 + k / 100;
    while (j < pts.length - 1 && pts[j]![1] < y) j++;
    const [x0, y0] = pts[j - 1]!;
    const [x1, y1] = pts[j]!;
    table[k] = 32 - (y1 === y0 ? x0 : x0 + ((x1 - x0) * (y - y0)) / (y1 - y0));
  }
  return (y: number) => (y < 12 || y > 36 ? 0 : table[Math.round((y - 12) * 100)]!);
})();

/** Which colour the mark has at a point (favicon units), or null outside it. */
function markAt(x: number, y: number): Rgba | null {
  if ((x - 32) ** 2 + (y - 37) ** 2 <= 25) return PINK;
  const inDrop = (x - 32) ** 2 + (y - 36) ** 2 <= 144 || (y >= 12 && y <= 36 && Math.abs(x - 32) <= dropHalfWidth(y));
  return inDrop ? WHITE : null;
}

/** Inside the favicon's square with 14-unit rounded corners. */
function inRoundedSquare(x: number, y: number): boolean {
  const r = 14;
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  return x >= 0 && x <= 64 && y >= 0 && y <= 64 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function png(size: number, pixels: Uint8Array): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** A square PNG of the app's icon, `size` pixels a side, in the given colour. */
export function drawIcon(size: number, purpose: IconPurpose, color: string): Buffer {
  const background = parseHex(color);
  const out = new Uint8Array(size * size * 4);
  const S = 4;
  // maskable: 80 favicon units across the icon, so the mark (36 units high) keeps well inside the middle 80 % circle
  const scale = purpose === 'maskable' ? 80 / size : 64 / size;
  const offset = purpose === 'maskable' ? 32 - (size * scale) / 2 : 0;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const x = offset + (px + (sx + 0.5) / S) * scale;
          const y = offset + (py + (sy + 0.5) / S) * scale;
          const inside = purpose === 'maskable' || inRoundedSquare(x, y);
          if (!inside) continue;
          const c = markAt(x, y) ?? background;
          for (let k = 0; k < 3; k++) acc[k]! += c[k]!;
          acc[3]! += 255;
        }
      }
      const hits = acc[3]! / 255;
      const i = (py * size + px) * 4;
      if (hits > 0) for (let k = 0; k < 3; k++) out[i + k] = Math.round(acc[k]! / hits);
      out[i + 3] = Math.round(acc[3]! / (S * S));
    }
  }
  return png(size, out);
}

/** The icons the manifest lists (all PNG, in /icons/). */
export const PWA_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', size: 512, purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', size: 512, purpose: 'maskable' },
] as const;
