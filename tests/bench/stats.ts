/** Figures for repeated measurements: median with min, max and the 95th percentile. */
export interface Summary {
  runs: number;
  median: number;
  min: number;
  max: number;
  p95: number;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { runs: sorted.length, median, min: sorted[0]!, max: sorted.at(-1)!, p95: at(0.95) };
}

export function formatSummary(label: string, s: Summary, unit = 'ms'): string {
  const f = (n: number) => n.toFixed(n < 10 ? 2 : 1);
  return `  ${label.padEnd(66)} median ${f(s.median)} ${unit}  (min ${f(s.min)}, p95 ${f(s.p95)}, max ${f(s.max)}; n=${s.runs})`;
}
