/**
 * Axis ticks at one even step (1, 2 or 5 times a power of ten) that keep zero in view and cover
 * every value: recharts' own ticks for a domain given as functions land on uneven values.
 */
export function evenTicks(
  values: readonly number[],
  maxTicks = 6,
): { domain: [number, number]; ticks: number[] } {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  if (low === high) return { domain: [0, 1], ticks: [0, 1] };
  const rough = (high - low) / Math.max(1, maxTicks - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const start = Math.floor(low / step) * step;
  const end = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = start; tick <= end + step / 2; tick += step) ticks.push(Math.round(tick / power) * power);
  return { domain: [start, end], ticks };
}
