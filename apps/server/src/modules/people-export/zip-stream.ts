import zlib from 'node:zlib';

/** Where the archive's bytes go: resolves false once the reader has gone away. */
export type ZipOutput = (bytes: Buffer) => Promise<boolean>;

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** bit 3: sizes and CRC follow the data (written as it streams); bit 11: UTF-8 names */
const FLAGS = 0x0808;
const DEFLATE = 8;
const ZIP_LIMIT = 0xffffffff;

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  uncompressed: number;
}

/** MS-DOS time and date of `at` (local fields of the ZIP headers). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * A ZIP archive written front to back (what an XLSX is): each entry deflated as its pieces come,
 * with a data descriptor after it, then the central directory. Memory holds one piece and its
 * compressed bytes; each write waits for `output` (backpressure). No ZIP64: an entry or the
 * archive past 4 GiB is an error (an XLSX sheet stops at 1,048,576 rows long before).
 */
export class ZipStream {
  private readonly written: Written[] = [];
  private offset = 0;
  private readonly stamp = dosTime(new Date());
  private entry?: {
    written: Written;
    deflate: zlib.DeflateRaw;
    out: Buffer[];
  };

  constructor(private readonly output: ZipOutput) {}

  private async emit(bytes: Buffer): Promise<boolean> {
    this.offset += bytes.length;
    if (this.offset > ZIP_LIMIT) throw new Error('ZIP larger than 4 GiB');
    return this.output(bytes);
  }

  /** Starts an entry (the previous one must be closed). */
  async open(name: string): Promise<boolean> {
    if (this.entry) throw new Error(`entry still open: ${this.entry.written.name}`);
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    const written = { name: nameBytes, offset: this.offset, crc: 0, compressed: 0, uncompressed: 0 };
    const out: Buffer[] = [];
    const deflate = zlib.createDeflateRaw({ level: zlib.constants.Z_BEST_SPEED });
    deflate.on('data', (chunk: Buffer) => out.push(chunk));
    this.entry = { written, deflate, out };
    return this.emit(Buffer.concat([header, nameBytes]));
  }

  /** The compressed bytes gathered so far, to the output. */
  private async flushOut(): Promise<boolean> {
    const entry = this.entry;
    if (!entry || entry.out.length === 0) return true;
    const bytes = Buffer.concat(entry.out.splice(0));
    entry.written.compressed += bytes.length;
    return this.emit(bytes);
  }

  /** A piece of the open entry, deflated and sent before this resolves. */
  async write(text: string): Promise<boolean> {
    const entry = this.entry;
    if (!entry) throw new Error('no entry open');
    const bytes = Buffer.from(text, 'utf8');
    entry.written.crc = zlib.crc32(bytes, entry.written.crc);
    entry.written.uncompressed += bytes.length;
    if (entry.written.uncompressed > ZIP_LIMIT) throw new Error('ZIP entry larger than 4 GiB');
    await new Promise<void>((resolve, reject) =>
      entry.deflate.write(bytes, (error) => (error ? reject(error) : resolve())),
    );
    return this.flushOut();
  }

  /** Ends the open entry: the rest of its deflated bytes and its data descriptor. */
  async close(): Promise<boolean> {
    const entry = this.entry;
    if (!entry) throw new Error('no entry open');
    await new Promise<void>((resolve, reject) => {
      entry.deflate.once('end', resolve);
      entry.deflate.once('error', reject);
      entry.deflate.end();
    });
    if (!(await this.flushOut())) return false;
    this.entry = undefined;
    this.written.push(entry.written);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.written.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.written.compressed, 8);
    descriptor.writeUInt32LE(entry.written.uncompressed, 12);
    return this.emit(descriptor);
  }

  /** A whole small entry. */
  async add(name: string, text: string): Promise<boolean> {
    return (await this.open(name)) && (await this.write(text)) && this.close();
  }

  /** The central directory and its end record: the archive is complete. */
  async finish(): Promise<boolean> {
    if (this.entry) throw new Error('entry still open');
    const start = this.offset;
    const parts: Buffer[] = [];
    for (const w of this.written) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(w.crc >>> 0, 16);
      header.writeUInt32LE(w.compressed, 20);
      header.writeUInt32LE(w.uncompressed, 24);
      header.writeUInt16LE(w.name.length, 28);
      header.writeUInt32LE(w.offset, 42);
      parts.push(header, w.name);
    }
    const directory = Buffer.concat(parts);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.written.length, 8);
    end.writeUInt16LE(this.written.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    return this.emit(Buffer.concat([directory, end]));
  }
}
