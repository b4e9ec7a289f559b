// What the charts read from a compare.sh report, and how they write text into an SVG.

/** The "Machine:" and "Run:" lines, for the chart's caption. */
export function caption(report: string): string {
  const machine = /^Machine: nproc=(\d+) \((.*?)\), /m.exec(report);
  const run = /^Run: (\S+)/m.exec(report);
  return `${run ? run[1]!.slice(0, 16).replace('T', ' ') : ''} UTC · ${machine ? `${machine[1]} cores, ${machine[2]}` : ''}`;
}

export const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A figure of a report's cell: `"+29.5"`, `"102,861"`, `"1.43 [1.25–1.52]"` -> its first number. */
export const cellNumber = (cell: string) => Number(cell.replace(/[+,]/g, '').trim().split(/\s/)[0]);

/**
 * The cells of each contender's row in the report's section `title` (a heading's start, e.g.
 * `"## 2. Full pagination"`): rows that failed or were skipped, and rows with fewer than `cells`
 * cells, are left out. Throws when the section or its rows are missing, with `hint` (the
 * compare.sh workload to run).
 */
export function sectionRows(report: string, title: string, cells: number, hint: string): string[][] {
  const start = report.indexOf(title);
  if (start < 0) throw new Error(`the report has no "${title}" section: ${hint}`);
  const rows: string[][] = [];
  for (const line of report.slice(start).split('\n').slice(1)) {
    if (line.startsWith('## ')) break;
    if (!line.startsWith('| ') || line.startsWith('| contender') || line.includes('failed') || line.includes('skipped')) continue;
    const row = line.split('|').slice(1, -1);
    if (row.length >= cells) rows.push(row);
  }
  if (rows.length === 0) throw new Error(`no rows found in the report's "${title}" section`);
  return rows;
}
