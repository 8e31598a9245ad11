import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';

// The 14 days' chart (recharts, in the chunk of its own the build makes for it: see
// webhook-activity.tsx, which loads it after the numbers). Drawn left to right in every language,
// its colours from the text around it, its tooltip styled for light and dark; what it shows is in
// a table for screen readers too.

export type ActivitySeries = { key: 'received' | 'succeeded' | 'failed'; name: string; color: string };
type Datum = { day: string; received: number; succeeded: number; failed: number };

const axisTick = { fontSize: 11, fill: 'currentColor' };

function ChartTooltip({ active, payload, label, labelFormat, value }: TooltipContentProps & { labelFormat: (v: string) => string; value: (n: number) => string }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 text-xs text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <p className="font-medium">{labelFormat(String(label))}</p>
      <ul className="mt-1 space-y-0.5">
        {payload.map((p) => (
          <li key={String(p.dataKey)} className="flex items-center gap-2">
            <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: p.color }} />
            <span className="text-zinc-600 dark:text-zinc-300">{p.name}</span>
            <span className="ms-auto ps-3 font-medium tabular-nums">{value(typeof p.value === 'number' ? p.value : 0)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Succeeded and failed events as stacked bars per day, and all events received as a line. */
export function ActivityChart({
  data,
  series,
  tick,
  label,
  value,
  title,
}: {
  data: Datum[];
  series: ActivitySeries[];
  tick: (day: string) => string;
  label: (day: string) => string;
  value: (n: number) => string;
  title: string;
}) {
  const line = series.find((s) => s.key === 'received');
  const bars = series.filter((s) => s.key !== 'received');
  return (
    <div className="h-64 w-full text-zinc-500 dark:text-zinc-400" dir="ltr">
      <ResponsiveContainer width="100%" height="100%" minWidth={200} minHeight={150}>
        <ComposedChart data={data} margin={{ top: 8, right: 12, left: 0, bottom: 0 }} title={title}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" className="text-zinc-200 dark:text-zinc-800" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tick} tick={axisTick} stroke="currentColor" tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={12} />
          <YAxis allowDecimals={false} tick={axisTick} stroke="currentColor" tickLine={false} axisLine={false} width={48} domain={[0, (max: number) => Math.max(4, max)]} />
          <Tooltip cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} content={(p) => <ChartTooltip {...p} labelFormat={label} value={value} />} />
          <Legend formatter={(text) => <span className="text-zinc-600 dark:text-zinc-300">{text}</span>} itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
          {bars.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId="outcome" fill={s.color} maxBarSize={32} isAnimationActive={false} />
          ))}
          {line ? <Line type="linear" dataKey={line.key} name={line.name} stroke={line.color} strokeWidth={2} dot={{ r: 2.5 }} isAnimationActive={false} /> : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
