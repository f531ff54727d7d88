import { messages } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { readCsv } from './csv';

async function parse(text: string, chunkSize = 3, maxLineChars = 1_000): Promise<string[][]> {
  const buffer = Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < buffer.length; i += chunkSize) yield buffer.subarray(i, i + chunkSize);
  }
  const out: string[][] = [];
  for await (const record of readCsv(chunks(), { maxLineChars })) out.push(record);
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

  it('stops at a line longer than the limit with a 422 naming it, a quote never closed included', async () => {
    const refusal = {
      status: 422,
      errors: { file: [messages.uploadLineTooLong.replace(':count', '10')] },
    };
    expect(await parse('a;b\n123456789\n', 3, 10)).toEqual([['a', 'b'], ['123456789']]);
    await expect(parse('a;b\n12345678901\n', 3, 10)).rejects.toMatchObject(refusal);
    await expect(parse(`a;b\n"${'x'.repeat(10_000)}`, 64, 10)).rejects.toMatchObject(refusal);
  });
});
