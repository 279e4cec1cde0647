/**
 * PNG encoding over the runtime's native zlib (node:zlib in workerd, nodejs_compat). resvg-wasm's own `asPng`
 * compresses in wasm and took about 40 ms of a card image's cold render; this takes about 7 ms for the same pixels
 * and gives smaller files (docs/decisions/017-card-images.md, "Encoding"). The encoders on npm work byte by byte in
 * JavaScript (pngjs took 29 ms at its fastest settings; fast-png and UPNG also deflate in JavaScript), so the
 * container is written here: a signature and three chunks, as the PNG specification lays them out.
 */
import { crc32, deflateSync } from "node:zlib";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** zlib level 3: measured as fast as level 1 and a tenth smaller; level 6 (the default) costs four times as long. */
const DEFLATE_LEVEL = 3;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i);
  bytes.set(data, 8);
  view.setUint32(8 + data.length, crc32(bytes.subarray(4, 8 + data.length)));
  return bytes;
}

/**
 * Straight (not premultiplied) 8-bit RGBA rows, each behind the filter byte 0 ("none"). tiny-skia, under resvg,
 * keeps premultiplied pixels; an opaque pixel is the same either way, so only translucent ones are divided back.
 */
function scanlines(premultiplied: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  const rows = new Uint8Array(height * (stride + 1));
  for (let y = 0; y < height; y++) rows.set(premultiplied.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1) + 1;
    for (let x = 3; x < stride; x += 4) {
      const alpha = rows[row + x] as number;
      if (alpha === 255 || alpha === 0) continue;
      for (let c = 1; c <= 3; c++) rows[row + x - c] = Math.min(255, Math.round(((rows[row + x - c] as number) * 255) / alpha));
    }
  }
  return rows;
}

/** A PNG (colour type 6: 8-bit RGBA, no interlace) of premultiplied RGBA pixels, as resvg renders them. */
export function encodePng(premultipliedRgba: Uint8Array, width: number, height: number): Uint8Array {
  if (premultipliedRgba.length !== width * height * 4) throw new Error(`expected ${width}x${height} RGBA pixels`);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(scanlines(premultipliedRgba, width, height), { level: DEFLATE_LEVEL })),
    chunk("IEND", new Uint8Array(0)),
  ];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}
