/** Shared by the render benchmarks: prints where a render's time went, phase by phase. */

/** Milliseconds per sequential phase, in the order they happened (a PhaseTimer's, or a `Render timings` log line's). */
export type Phases = Record<string, number>;

/**
 * One table: each phase's ms and share of `wallMs`, then `unaccounted` (the wall time no phase covers), then the
 * rows of `apart` (phases that ran alongside the others, such as progress writes: shown, not summed).
 */
export function printPhaseTable(
  title: string,
  phases: Phases,
  wallMs: number,
  apart: Array<{ name: string; ms: number; note?: string }> = [],
): void {
  const sum = Object.values(phases).reduce((s, ms) => s + ms, 0);
  const rows: Array<[string, string, string]> = Object.entries(phases).map(([name, ms]) => [name, fmtMs(ms), share(ms, wallMs)]);
  rows.push(['unaccounted', fmtMs(wallMs - sum), share(wallMs - sum, wallMs)]);
  rows.push(['wall time', fmtMs(wallMs), '100.0 %']);
  for (const row of apart) rows.push([row.name, fmtMs(row.ms), row.note ?? 'apart, not in the sum']);
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`  ${title}`);
  console.log(`    ${'phase'.padEnd(width)}  ${'ms'.padStart(9)}  share`);
  for (const [name, ms, pct] of rows) console.log(`    ${name.padEnd(width)}  ${ms.padStart(9)}  ${pct}`);
}

/** Several runs side by side: one column per run label (the mean of its runs), one row per phase any run had. */
export function printPhaseColumns(title: string, columns: Array<{ label: string; runs: Phases[] }>): void {
  const names = [...new Set(columns.flatMap((c) => c.runs.flatMap((r) => Object.keys(r))))];
  const mean = (runs: Phases[], name: string) => {
    const values = runs.map((r) => r[name]).filter((v): v is number => v !== undefined);
    return values.length ? fmtMs(values.reduce((s, v) => s + v, 0) / values.length) : '-';
  };
  const totals = columns.map((c) => fmtMs(c.runs.reduce((s, r) => s + Object.values(r).reduce((a, b) => a + b, 0), 0) / c.runs.length));
  const width = Math.max(5, ...names.map((n) => n.length));
  const colWidth = Math.max(9, ...columns.map((c) => c.label.length));
  console.log(`  ${title} (ms, mean of each column's runs)`);
  console.log(`    ${'phase'.padEnd(width)}  ${columns.map((c) => c.label.padStart(colWidth)).join('  ')}`);
  for (const name of names)
    console.log(`    ${name.padEnd(width)}  ${columns.map((c) => mean(c.runs, name).padStart(colWidth)).join('  ')}`);
  console.log(`    ${'sum'.padEnd(width)}  ${totals.map((t) => t.padStart(colWidth)).join('  ')}`);
}

const fmtMs = (ms: number) => Math.round(ms).toLocaleString('en-US');
const share = (ms: number, wallMs: number) => `${wallMs > 0 ? ((100 * ms) / wallMs).toFixed(1) : '-'} %`;
