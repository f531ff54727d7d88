/**
 * The part of archiver 5 the shop uses (a .zip written as a stream); the package ships no types and
 * @types/archiver is not installed.
 */
declare module 'archiver' {
  import type { Readable } from 'node:stream';

  interface Archiver extends Readable {
    append(source: string | Buffer, data: { name: string; date?: Date }): this;
    finalize(): Promise<void>;
  }

  function archiver(format: 'zip', options?: { zlib?: { level?: number } }): Archiver;
  export default archiver;
}
