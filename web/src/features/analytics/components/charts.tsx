import type { ReactElement, ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';

// The reports' charts (recharts, in a chunk of their own: see lazy-charts.tsx). They are drawn
// left to right in every language (their wrapper says dir="ltr": time runs left to right even in
// Arabic), take their colours from the text around them (`currentColor` and Tailwind's dark:
// classes), and have a tooltip styled for light and dark. What they show is also in a table for
// screen readers (ChartFigure, report-parts.tsx).

export type ChartSeries = {
  key: string;
  name: string;
  /** A colour readable on white and on zinc-900. */
  color: string;
  dashed?: boolean;
};

type Value = (v: number | null | undefined) => string;
type Datum = Record<string, unknown>;

const axisTick = { fontSize: 11, fill: 'currentColor' };

function ChartTooltip({ active, payload, label, labelFormat, value }: TooltipContentProps & { labelFormat: (v: unknown) => string; value: Value }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-zinc-200 bg-white px-3 py-2 text-xs text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
      <p className="font-medium">{labelFormat(label)}</p>
      <ul className="mt-1 space-y-0.5">
        {payload.map((p) => (
          <li key={String(p.dataKey)} className="flex items-center gap-2">
            <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: p.color }} />
            <span className="text-zinc-600 dark:text-zinc-300">{p.name}</span>
            <span className="ms-auto ps-3 font-medium tabular-nums">{value(typeof p.value === 'number' ? p.value : null)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const legendText = (text: ReactNode) => <span className="text-zinc-600 dark:text-zinc-300">{text}</span>;

type CommonProps = {
  data: Datum[];
  xKey: string;
  series: ChartSeries[];
  /** An x value as a tick. */
  tick: (v: unknown) => string;
  /** An x value in the tooltip. */
  label?: (v: unknown) => string;
  /** A y value in the tooltip. */
  value: Value;
  /** A y value as a tick. */
  yTick?: (v: number) => string;
  /** The chart's name, read by assistive technology on the chart itself. */
  title: string;
  height?: string;
  /** Whole numbers only on the y axis. */
  integer?: boolean;
};

function Frame({ height = 'h-64', children }: { height?: string; children: ReactElement }) {
  return (
    <div className={`${height} w-full text-zinc-500 dark:text-zinc-400`} dir="ltr">
      <ResponsiveContainer width="100%" height="100%" minWidth={200} minHeight={150}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

const grid = <CartesianGrid strokeDasharray="3 3" stroke="currentColor" className="text-zinc-200 dark:text-zinc-800" vertical={false} />;

/** A series over time: areas (`stacked` or not) or lines. */
export function TimeChart({ data, xKey, series, tick, label, value, yTick, title, height, integer = true, kind = 'area', stacked = false }: CommonProps & { kind?: 'area' | 'line'; stacked?: boolean }) {
  const common = { data, margin: { top: 8, right: 12, left: 0, bottom: 0 }, title };
  const axes = (
    <>
      {grid}
      <XAxis dataKey={xKey} tickFormatter={tick} tick={axisTick} stroke="currentColor" tickLine={false} axisLine={false} minTickGap={28} />
      <YAxis
        allowDecimals={!integer}
        tick={axisTick}
        stroke="currentColor"
        tickLine={false}
        axisLine={false}
        width={56}
        tickFormatter={yTick}
        domain={integer ? [0, (max: number) => Math.max(4, max)] : [0, 'auto']}
      />
      <Tooltip cursor={{ stroke: 'currentColor', strokeOpacity: 0.3 }} content={(p) => <ChartTooltip {...p} labelFormat={label ?? tick} value={value} />} />
      <Legend formatter={legendText} itemSorter={null} wrapperStyle={{ fontSize: 12 }} />
    </>
  );
  return (
    <Frame height={height}>
      {kind === 'line' ? (
        <LineChart {...common}>
          {axes}
          {series.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} strokeDasharray={s.dashed ? '4 3' : undefined} dot={data.length <= 31} connectNulls={false} isAnimationActive={false} />
          ))}
        </LineChart>
      ) : (
        <AreaChart {...common}>
          {axes}
          {series.map((s) => (
            <Area
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={s.color}
              fill={s.color}
              fillOpacity={s.dashed ? 0 : 0.15}
              strokeWidth={s.dashed ? 1.5 : 2}
              strokeDasharray={s.dashed ? '4 3' : undefined}
              stackId={stacked ? 'stack' : undefined}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      )}
    </Frame>
  );
}

/** Bars by category (channels, hours of the day). */
export function BarsChart({ data, xKey, series, tick, label, value, yTick, title, height, integer = true }: CommonProps) {
  return (
    <Frame height={height}>
      <BarChart data={data} margin={{ top: 8, right: 12, left: 0, bottom: 0 }} title={title}>
        {grid}
        <XAxis dataKey={xKey} tickFormatter={tick} tick={axisTick} stroke="currentColor" tickLine={false} axisLine={false} interval="preserveStartEnd" minTickGap={8} />
        <YAxis allowDecimals={!integer} tick={axisTick} stroke="currentColor" tickLine={false} axisLine={false} width={56} tickFormatter={yTick} domain={[0, (max: number) => Math.max(4, max)]} />
        <Tooltip cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} content={(p) => <ChartTooltip {...p} labelFormat={label ?? tick} value={value} />} />
        {series.length > 1 ? <Legend formatter={legendText} itemSorter={null} wrapperStyle={{ fontSize: 12 }} /> : null}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} radius={[3, 3, 0, 0]} maxBarSize={40} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  );
}
