import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A zip part: its name, its deflated bytes and what it unpacks to. */
export type ZipPart = { name: string; data: Buffer; size: number; crc: number };

/** A part deflated as it is. */
export function deflated(name: string, content: string | Buffer): ZipPart {
  const bytes = Buffer.from(content);
  return { name, data: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/**
 * A part of `unit` repeated `times`, built in milliseconds however large it unpacks: one deflated
 * megabyte of units, sync-flushed so that copies of it chain into one valid deflate stream, then a
 * final empty block. Its CRC is not computed (no reader here checks it).
 */
export function repeated(name: string, unit: string, times: number): ZipPart {
  const perBlock = Math.max(1, Math.floor((1024 * 1024) / unit.length));
  const flush = { finishFlush: constants.Z_SYNC_FLUSH };
  const block = deflateRawSync(Buffer.from(unit.repeat(perBlock)), flush);
  const blocks: Buffer[] = Array(Math.floor(times / perBlock)).fill(block);
  if (times % perBlock > 0) blocks.push(deflateRawSync(Buffer.from(unit.repeat(times % perBlock)), flush));
  blocks.push(Buffer.from([0x03, 0x00]));
  return { name, data: Buffer.concat(blocks), size: unit.length * times, crc: 0 };
}

/** A zip archive (APPNOTE: local headers, data, central directory), every part deflated. */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.data.length, 18);
    local.writeUInt32LE(p.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.data.length, 20);
    central.writeUInt32LE(p.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.data);
    centrals.push(central, name);
    offset += local.length + name.length + p.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
