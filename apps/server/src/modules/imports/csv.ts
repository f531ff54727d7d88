import { StringDecoder } from 'node:string_decoder';
import { type SheetLimits, tooLarge } from '../../lib/sheet-guard';

/**
 * A streaming CSV reader (RFC 4180): quoted fields with doubled quotes and line breaks, CRLF or LF,
 * a BOM. The separator is the header line's: ';' (as Italian Excel saves) or ',' (or a tab).
 * Yields each record's fields; memory holds one chunk and one record. The state machine carries
 * across chunks (a quote or CR at a chunk's end pairs with the next chunk's first character).
 * A record longer than `limits.maxLineChars` stops the reading with the guard's 422, so one record
 * (a quote never closed) cannot grow without bound.
 */
export async function* readCsv(
  chunks: AsyncIterable<Buffer>,
  limits: Pick<SheetLimits, 'maxLineChars'>,
): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let separator: string | null = null;
  let field = '';
  let record: string[] = [];
  let quoted = false;
  /** Inside quotes, a quote was just read: a second one is a literal quote, anything else ends the quotes. */
  let quoteSeen = false;
  let afterQuote = false;
  let crSeen = false;
  let head = '';
  let recordChars = 0;

  function* process(text: string): Generator<string[]> {
    for (const ch of text) {
      recordChars += 1;
      if (recordChars > limits.maxLineChars) throw tooLarge.line(limits);
      if (crSeen) {
        crSeen = false;
        if (ch === '\n') continue;
      }
      if (quoted) {
        if (quoteSeen) {
          quoteSeen = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          quoted = false;
          afterQuote = true;
        } else {
          if (ch === '"') quoteSeen = true;
          else field += ch;
          continue;
        }
      }
      if (ch === '"' && field === '' && !afterQuote) {
        quoted = true;
      } else if (ch === separator) {
        record.push(field);
        field = '';
        afterQuote = false;
      } else if (ch === '\n' || ch === '\r') {
        crSeen = ch === '\r';
        record.push(field);
        yield record;
        record = [];
        field = '';
        afterQuote = false;
        recordChars = 0;
      } else if (!afterQuote) {
        field += ch;
      }
    }
  }

  for await (const chunk of chunks) {
    let text = decoder.write(chunk);
    if (separator === null) {
      // The separator is decided on the whole header line.
      head += text;
      const end = head.search(/[\r\n]/);
      if (end < 0 && head.length < 1_000_000) continue;
      head = head.replace(/^\uFEFF/, '');
      separator = detectSeparator(head.slice(0, end < 0 ? undefined : end));
      text = head;
    }
    yield* process(text);
  }
  let rest = decoder.end();
  if (separator === null) {
    head = (head + rest).replace(/^\uFEFF/, '');
    separator = detectSeparator(head.split(/[\r\n]/)[0] ?? '');
    rest = head;
  }
  yield* process(rest);
  if (quoteSeen) quoted = false;
  if (field !== '' || record.length > 0 || quoted) {
    record.push(field);
    yield record;
  }
}

function detectSeparator(header: string): string {
  const counts = [';', ',', '\t'].map((s) => [s, header.split(s).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}
