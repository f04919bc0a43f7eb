/* global console, process */
// Reads Stryker's JSON report and holds every money file to the target of issue 29: at least
// 95% of covered mutants killed (killed or timed out), and no mutant without coverage. Prints the
// score of each file; exits 1 when a file falls short, so CI fails.
import { readFileSync } from 'node:fs';

const REPORT = process.argv[2] ?? 'reports/mutation/mutation.json';
const TARGET_PERCENT = 95;

const report = JSON.parse(readFileSync(REPORT, 'utf8'));
const rows = Object.entries(report.files)
  .map(([path, { mutants }]) => {
    const count = (...statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
    const killed = count('Killed', 'Timeout');
    const survived = count('Survived');
    const noCoverage = count('NoCoverage');
    const covered = killed + survived;
    const score = covered === 0 ? 100 : (100 * killed) / covered;
    return { path, killed, survived, noCoverage, score, ok: score >= TARGET_PERCENT && noCoverage === 0 };
  })
  .sort((a, b) => a.path.localeCompare(b.path));

console.log(`\nMutation score of covered mutants per file (target ${TARGET_PERCENT}%, no mutant uncovered):`);
for (const row of rows) {
  const score = `${row.score.toFixed(1)}%`.padStart(7);
  const counts = `killed ${row.killed}, survived ${row.survived}, no coverage ${row.noCoverage}`;
  console.log(`${row.ok ? '  ok  ' : ' FAIL '} ${score}  ${row.path}  (${counts})`);
}
const failing = rows.filter((row) => !row.ok);
if (failing.length > 0) {
  console.error(`\n${failing.length} file(s) below the mutation target; see reports/mutation/mutation.html`);
  process.exit(1);
}
