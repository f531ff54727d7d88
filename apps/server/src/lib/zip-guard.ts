import { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { CELL_BYTES_PER_CHAR, MAX_CELL_CHARS, type SheetLimits, tooLarge } from './sheet-guard';

/**
 * The zip half of the upload guard (issue 15 item 1): an .xlsx is walked with yauzl before exceljs
 * sees it, every part inflated and counted (the sizes a zip declares are not trusted), and reading
 * stops at the first limit. exceljs then reads a stream rebuilt from the parts that were counted:
 * its own unzipper reads local headers in file order, and a file could hide parts there that its
 * central directory (what yauzl reads) does not list.
 */

/** The parts exceljs parses and keeps whole (shared strings, styles, workbook, relationships). */
const KEPT = /^(xl\/(sharedStrings|styles|workbook)\.xml|.*\.rels)$/;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
/** `<col min="1" max="100000000"/>` would make exceljs build that many column objects. */
const COL_MAX = /\bmax\s*=\s*["']?(\d+)/;
const LT = 0x3c;
const GT = 0x3e;
const MAX_TOKEN_BYTES = MAX_CELL_CHARS * CELL_BYTES_PER_CHAR;

type Totals = { unpacked: number; sharedStrings: number; elements: number };

/**
 * Counts one XML part as it inflates: the bytes between markup (a cell's text or a tag, which the
 * XML parser holds whole), the elements of a part that is kept in memory, and the `<si>` entries
 * of the shared strings.
 */
function xmlCounter(name: string, limits: SheetLimits, totals: Totals) {
  const kept = KEPT.test(name);
  const shared = name === SHARED_STRINGS;
  const worksheet = WORKSHEET.test(name);
  let run = 0;
  /** In a worksheet: how much of '<col ' was read (1–3), 4 inside a `<col>` tag, -1 elsewhere. */
  let col = -1;
  let colTag = '';
  /** Bytes of a start tag's name seen so far ('s', 'i'), or -1 outside one. */
  let tag = -1;
  const sharedString = () => {
    totals.sharedStrings += 1;
    if (totals.sharedStrings > limits.maxSharedStrings) throw tooLarge.sharedStrings(limits);
  };
  return (chunk: Buffer) => {
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i]!;
      if (byte === LT || byte === GT) {
        if (byte === GT && tag === 2) sharedString();
        if (byte === GT && col === 4 && Number(COL_MAX.exec(colTag)?.[1] ?? 0) > limits.maxColumns)
          throw tooLarge.columns(limits);
        tag = byte === LT ? 0 : -1;
        col = byte === LT && worksheet ? 0 : -1;
        colTag = '';
        run = 0;
        continue;
      }
      if (col === 4) {
        if (colTag.length < 512) colTag += String.fromCharCode(byte);
      } else if (col >= 0) {
        const next = col < 3 ? [0x63, 0x6f, 0x6c][col] : undefined;
        if (next !== undefined) col = byte === next ? col + 1 : -1;
        else col = byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d ? 4 : -1;
      }
      run += 1;
      if (run > MAX_TOKEN_BYTES) throw tooLarge.cell();
      if (tag === 0) {
        // '</', '<?' and '<!' open no element.
        const opens = byte !== 0x2f && byte !== 0x3f && byte !== 0x21;
        if (opens && kept && ++totals.elements > limits.maxElements) throw tooLarge.elements(limits);
        tag = opens && shared && byte === 0x73 ? 1 : -1;
      } else if (tag === 1) {
        tag = byte === 0x69 ? 2 : -1;
      } else if (tag === 2) {
        // '<si ' or '<si/': a shared string; '<sid…' would be another element.
        if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x2f) sharedString();
        tag = -1;
      }
    }
  };
}

async function countPart(zip: ZipFile, entry: Entry, limits: SheetLimits, totals: Totals) {
  const xml = /\.(xml|rels)$/i.test(entry.fileName) ? xmlCounter(entry.fileName, limits, totals) : undefined;
  let unpacked = 0;
  // yauzl inflates; it also fails when a part inflates past the size its zip declares.
  for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) {
    unpacked += chunk.length;
    totals.unpacked += chunk.length;
    if (unpacked > limits.maxPartBytes) throw tooLarge.part(limits);
    if (totals.unpacked > limits.maxUnpackedBytes) throw tooLarge.unpacked(limits);
    xml?.(chunk);
  }
}

/** A local file header (APPNOTE 4.3.7) with the sizes yauzl checked and no data descriptor. */
function localHeader(entry: Entry): Buffer {
  const name = Buffer.from(entry.fileName, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6); // UTF-8 name
  header.writeUInt16LE(entry.compressionMethod, 8);
  header.writeUInt32LE(entry.crc32, 14);
  header.writeUInt32LE(entry.compressedSize, 18);
  header.writeUInt32LE(entry.uncompressedSize, 22);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

/** An empty end-of-central-directory record: unzipper stops reading there. */
const END = (() => {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  return end;
})();

async function* rebuilt(zip: ZipFile, entries: Entry[]): AsyncGenerator<Buffer> {
  try {
    for (const entry of entries) {
      yield localHeader(entry);
      yield* (await zip.openReadStreamPromise(entry, { decodeFileData: false })) as AsyncIterable<Buffer>;
    }
    yield END;
  } finally {
    zip.close();
  }
}

/**
 * An .xlsx checked against `limits` and rebuilt from its counted parts, for exceljs to read. Throws
 * the limit's 422, or yauzl's error for a broken or encrypted archive.
 */
export async function checkedXlsx(source: string | Buffer, limits: SheetLimits): Promise<Readable> {
  const options = { autoClose: false, strictFileNames: true };
  const zip =
    typeof source === 'string'
      ? await yauzl.openPromise(source, options)
      : await yauzl.fromBufferPromise(source, options);
  try {
    if (zip.entryCount > limits.maxParts) throw tooLarge.parts(limits);
    const totals: Totals = { unpacked: 0, sharedStrings: 0, elements: 0 };
    const entries: Entry[] = [];
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      // Stored or deflated only: unzipper would inflate any other method as deflate.
      if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8))
        throw new Error(`unsupported zip part ${entry.fileName}`);
      if (entry.uncompressedSize > limits.maxPartBytes) throw tooLarge.part(limits);
      await countPart(zip, entry, limits, totals);
      entries.push(entry);
    }
    return Readable.from(rebuilt(zip, entries), { objectMode: false });
  } catch (error) {
    zip.close();
    throw error;
  }
}
