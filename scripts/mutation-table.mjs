// The per-area table of a mutation run, from the JSON reports in the folder given (one per area):
// mutants, killed, timed out, survived, no coverage, the score, and the equivalent mutants marked
// in the code (Stryker's "Ignored" with a disable comment's reason).
//   node scripts/mutation-table.mjs reports/mutation/areas
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'reports/mutation/areas';
const rows = [];
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.incremental.json'))
  .sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, other: 0 };
  const weakest = [];
  for (const [name, source] of Object.entries(report.files)) {
    let killed = 0;
    let scored = 0;
    for (const mutant of source.mutants) {
      // Ignored by the config (excluded mutators, static code) is not a mark in the code.
      const byConfig = mutant.status === 'Ignored' && /excluded mutation|[Ss]tatic/.test(mutant.statusReason ?? '');
      if (byConfig) continue;
      const status = mutant.status in count ? mutant.status : 'other';
      count[status]++;
      if (status === 'Killed' || status === 'Timeout') killed++;
      if (status !== 'Ignored' && status !== 'other') scored++;
    }
    if (scored) weakest.push({ name, score: (100 * killed) / scored, survivors: scored - killed });
  }
  const scored = count.Killed + count.Timeout + count.Survived + count.NoCoverage;
  const score = scored ? (100 * (count.Killed + count.Timeout)) / scored : 100;
  weakest.sort((a, b) => a.score - b.score);
  const worst = weakest[0];
  rows.push(
    `| ${file.replace(/\.json$/, '')} | ${scored} | ${count.Killed} | ${count.Timeout} | ${count.Survived} | ${count.NoCoverage} | ${count.Ignored} | ${score.toFixed(1)}% | ${worst ? `${worst.name} ${worst.score.toFixed(0)}% (${worst.survivors} left)` : ''} |`,
  );
}
console.log('| area | mutants | killed | timed out | survived | no coverage | marked equivalent | score | weakest file |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const row of rows) console.log(row);
