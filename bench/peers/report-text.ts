// Text shared by the charts drawn from a compare.sh report.

/** The "Machine:" and "Run:" lines, for the chart's caption. */
export function caption(report: string): string {
  const machine = /^Machine: nproc=(\d+) \((.*?)\), /m.exec(report);
  const run = /^Run: (\S+)/m.exec(report);
  return `${run ? run[1]!.slice(0, 16).replace('T', ' ') : ''} UTC · ${machine ? `${machine[1]} cores, ${machine[2]}` : ''}`;
}

export const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
