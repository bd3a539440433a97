import type { AlarmsPerDay } from '@vigie/contract/dashboard.contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { t } from '../../../lib/i18n/i18n';
import { chartSeries, dayLabel } from './alarms-chart-series';

/** The stacked bars themselves: recharts is heavy, so this module is loaded on demand. */
export default function AlarmsChartPlot({ days }: { days: AlarmsPerDay[] }) {
  const data = days.map((day) => ({ ...day, label: dayLabel(day.date) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#1e293b" vertical={false} />
        <XAxis dataKey="label" tick={{ fill: '#94a3b8', fontSize: 12 }} tickLine={false} axisLine={false} />
        <YAxis
          allowDecimals={false}
          tick={{ fill: '#94a3b8', fontSize: 12 }}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip
          cursor={{ fill: 'rgba(148, 163, 184, 0.08)' }}
          contentStyle={{ background: '#0f172a', border: '1px solid #334155', borderRadius: 8 }}
          labelStyle={{ color: '#f1f5f9' }}
          itemStyle={{ color: '#e2e8f0' }}
        />
        <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: '#cbd5e1' }} />
        {chartSeries.map((series) => (
          <Bar
            key={series.key}
            dataKey={series.key}
            name={t(series.label)}
            stackId="alarms"
            fill={series.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
