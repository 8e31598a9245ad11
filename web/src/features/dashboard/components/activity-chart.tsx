import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ActivityBucket } from '@/features/dashboard/types';

/** Conversations and messages per day (recharts; loaded on demand by the overview). */
export function ActivityChart({ series }: { series: ActivityBucket[] }) {
  const { t, i18n } = useTranslation('dashboard');
  const day = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric' });
  const tick = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : day.format(d);
  };
  return (
    <div className="h-64 w-full" dir="ltr">
      <ResponsiveContainer width="100%" height="100%" minWidth={200} minHeight={150}>
        <AreaChart data={series} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <defs>
            <linearGradient id="dashboard-conversations" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#6366f1" stopOpacity={0.35} />
              <stop offset="100%" stopColor="#6366f1" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" className="text-zinc-200 dark:text-zinc-800" vertical={false} />
          <XAxis dataKey="start" tickFormatter={tick} tick={{ fontSize: 11, fill: 'currentColor' }} className="text-zinc-500" tickLine={false} axisLine={false} minTickGap={24} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'currentColor' }} className="text-zinc-500" tickLine={false} axisLine={false} domain={[0, (max: number) => Math.max(4, max)]} />
          <Tooltip labelFormatter={(v) => tick(String(v))} contentStyle={{ borderRadius: 8, fontSize: 12 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area type="monotone" dataKey="conversations" name={t('overview.activity.conversations')} stroke="#4f46e5" fill="url(#dashboard-conversations)" strokeWidth={2} />
          <Area type="monotone" dataKey="messages" name={t('overview.activity.messages')} stroke="#a1a1aa" fill="transparent" strokeWidth={1.5} strokeDasharray="4 3" />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
