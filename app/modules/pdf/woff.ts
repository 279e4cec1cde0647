/**
 * WOFF 1.0 → the plain TrueType/OpenType (sfnt) file inside it.
 *
 * fontkit reads WOFF, but it inflates a compressed table again on every access, and it reads the `glyf` table once
 * per glyph: subsetting and measuring the collection from WOFF spent seconds in inflate alone. Unwrapping once
 * (with the platform's DecompressionStream) gives fontkit the same font with nothing left to inflate.
 */
const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

type TableEntry = { tag: number; offset: number; compLength: number; origLength: number; checksum: number };

function isWoff(bytes: Uint8Array): boolean {
  return bytes.length >= WOFF_HEADER && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0) === WOFF_SIGNATURE;
}

export async function woffToSfnt(input: Uint8Array): Promise<Uint8Array> {
  if (!isWoff(input)) return input;
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const entries: TableEntry[] = [];
  for (let index = 0; index < numTables; index++) {
    const at = WOFF_HEADER + index * WOFF_ENTRY;
    entries.push({
      tag: view.getUint32(at),
      offset: view.getUint32(at + 4),
      compLength: view.getUint32(at + 8),
      origLength: view.getUint32(at + 12),
      checksum: view.getUint32(at + 16),
    });
  }
  const tables = await Promise.all(
    entries.map(async (entry) => {
      const stored = input.subarray(entry.offset, entry.offset + entry.compLength);
      const data = entry.compLength < entry.origLength ? await inflate(stored) : stored;
      if (data.length !== entry.origLength) throw new Error("WOFF table has the wrong length after inflating");
      return data;
    }),
  );

  const padded = (length: number) => (length + 3) & ~3;
  let size = SFNT_HEADER + numTables * SFNT_ENTRY;
  for (const table of tables) size += padded(table.length);
  const output = new Uint8Array(size);
  const out = new DataView(output.buffer);
  let power = 1;
  let log = 0;
  while (power * 2 <= numTables) {
    power *= 2;
    log++;
  }
  out.setUint32(0, flavor);
  out.setUint16(4, numTables);
  out.setUint16(6, power * 16);
  out.setUint16(8, log);
  out.setUint16(10, numTables * 16 - power * 16);
  let offset = SFNT_HEADER + numTables * SFNT_ENTRY;
  entries.forEach((entry, index) => {
    const table = tables[index] as Uint8Array;
    const at = SFNT_HEADER + index * SFNT_ENTRY;
    out.setUint32(at, entry.tag);
    out.setUint32(at + 4, entry.checksum);
    out.setUint32(at + 8, offset);
    out.setUint32(at + 12, table.length);
    output.set(table, offset);
    offset += padded(table.length);
  });
  return output;
}

/** zlib-wrapped deflate (what WOFF stores), inflated by the platform. */
async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(data)]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
