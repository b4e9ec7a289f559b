import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvHeader, csvRow } from '../../../src/cli/output/csv.js';
import { firstLineStart, recordLine } from '../../../src/cli/output/resume-point.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'resume-point-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function startOf(text: string | Buffer, matches: (line: string) => boolean): Promise<number | undefined> {
  const file = join(dir, 'f');
  await writeFile(file, text);
  const handle = await open(file, 'r');
  try {
    return await firstLineStart(handle, matches);
  } finally {
    await handle.close();
  }
}

describe('firstLineStart', () => {
  it('gives the byte offset of the first matching line, counting multi-byte characters as bytes', async () => {
    const text = 'aé\nb\nc\nb\n';
    expect(await startOf(text, (l) => l === 'b')).toBe(4);
    expect(await startOf(text, (l) => l === 'aé')).toBe(0);
    expect(await startOf(text, (l) => l === 'z')).toBeUndefined();
  });

  it('finds lines across 64 KiB chunks, and ignores a last line with no line break', async () => {
    const long = 'x'.repeat(70_000);
    const text = `${long}\n${long}y\nmark\npartial`;
    expect(await startOf(text, (l) => l === 'mark')).toBe(140_003);
    expect(await startOf(text, (l) => l === `${long}y`)).toBe(70_001);
    expect(await startOf(text, (l) => l === 'partial')).toBeUndefined();
  });
});

describe('recordLine', () => {
  it('matches the NDJSON line of the record with that id, wherever the id field is, and nothing else', () => {
    const line = recordLine('ndjson', 'tx_2');
    expect(line('{"id":"tx_2","amount":"1"}')).toBe(true);
    expect(line('{"amount":"1","id":"tx_2"}')).toBe(true);
    expect(line('{"id":"tx_20"}')).toBe(false);
    expect(line('{"id":"tx_1","memo":"tx_2"}')).toBe(false);
    expect(line('{"id":"tx_2"')).toBe(false);
  });

  it('matches the CSV row whose first cell is that id, written as the export writes it; never the header', () => {
    const row = csvRow({ id: '=tx,2', amount: '1' }, new Set()).replace(/\n$/, '');
    expect(recordLine('csv', '=tx,2')(row)).toBe(true);
    expect(recordLine('csv', 'tx_2')('tx_2,deposit,confirmed\r')).toBe(true);
    expect(recordLine('csv', 'tx_2')('tx_20,deposit\r')).toBe(false);
    expect(recordLine('csv', 'id')(csvHeader().slice(0, -1))).toBe(false);
    expect(recordLine('csv', 'id')('id,deposit,confirmed\r')).toBe(true);
  });
});
