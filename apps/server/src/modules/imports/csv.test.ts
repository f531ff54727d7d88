import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';

async function parse(text: string, chunkSize = 3): Promise<string[][]> {
  const buffer = Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < buffer.length; i += chunkSize) yield buffer.subarray(i, i + chunkSize);
  }
  const out: string[][] = [];
  for await (const record of readCsv(chunks())) out.push(record);
  return out;
}

describe('readCsv', () => {
  it('reads ; files as Italian Excel saves them, with a BOM and CRLF', async () => {
    expect(await parse('\uFEFFsku;price\r\nMU-1;12,90\r\nMU-2;"9,50"\r\n')).toEqual([
      ['sku', 'price'],
      ['MU-1', '12,90'],
      ['MU-2', '9,50'],
    ]);
  });

  it('reads , files with quotes, doubled quotes, separators and line breaks inside quotes', async () => {
    for (const size of [1, 2, 5, 1000]) {
      expect(await parse('code,description\nA,"Hello, ""world"""\nB,"two\r\nlines"\nC,last', size)).toEqual([
        ['code', 'description'],
        ['A', 'Hello, "world"'],
        ['B', 'two\r\nlines'],
        ['C', 'last'],
      ]);
    }
  });

  it('keeps multi-byte characters split across chunks', async () => {
    expect(await parse('code;description\nA;Perché sì – è così\n', 1)).toEqual([
      ['code', 'description'],
      ['A', 'Perché sì – è così'],
    ]);
  });
});
