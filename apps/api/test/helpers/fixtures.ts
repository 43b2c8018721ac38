import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix} ${++counter}-${crypto.randomBytes(3).toString('hex')}`;

/** A valid staff-member body with a unique username. */
export const userBody = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName('Staff'),
  username: `u${++counter}_${crypto.randomBytes(3).toString('hex')}`,
  role: 'Makeup Artist',
  password: 'long-enough-pass',
  ...overrides,
});

/**
 * Every row of every table in the public schema, as text: two equal snapshots
 * mean a request changed nothing at all (no write, no log line, no token).
 */
export async function snapshotDatabase(db: Db): Promise<string> {
  const tables = (await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)) as unknown as {
    rows: { table_name: string }[];
  };
  const out: Record<string, unknown> = {};
  for (const { table_name } of tables.rows) {
    // daily_totals is kept by triggers: a row netted to zero is no figure (a recount has none), and rows are in key order
    const where = table_name === 'daily_totals' ? ' where count <> 0 or amount <> 0 or extra <> 0' : '';
    const rows = (await db.execute(sql.raw(`select * from "${table_name}"${where} order by 1, "${table_name}"::text`))) as unknown as { rows: unknown[] };
    out[table_name] = rows.rows;
  }
  return JSON.stringify(out);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A real PNG (signature, IHDR, IDAT, IEND) of random RGB pixels. Random pixels do
 * not compress, so the file is about width * height * 3 bytes.
 */
export function pngImage(width = 2, height = 2): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) crypto.randomFillSync(raw, y * (width * 3 + 1) + 1, width * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a JPEG (SOI + APP0 JFIF), enough for content sniffing. */
export const jpegBytes = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), crypto.randomBytes(64), Buffer.from([0xff, 0xd9])]);

/** A multipart/form-data body with one file part. */
export function multipartFile(field: string, filename: string, contentType: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----studio${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
