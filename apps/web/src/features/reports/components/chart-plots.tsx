import type { ReportStatistics } from '@vigie/contract/reports.contract';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { msg, t } from '../../../lib/i18n/i18n';
import { shortDay } from '../api/period';

export const severitySeries = [
  { key: 'low', label: msg('Faible'), color: '#3b82f6' },
  { key: 'medium', label: msg('Moyen'), color: '#eab308' },
  { key: 'high', label: msg('Important'), color: '#f97316' },
  { key: 'critical', label: msg('Critique'), color: '#dc2626' },
] as const;

const axis = { fill: '#94a3b8', fontSize: 12 };
const tooltip = {
  contentStyle: { background: '#0f172a', border: '1px solid #334155', borderRadius: 8 },
  labelStyle: { color: '#f1f5f9' },
  itemStyle: { color: '#e2e8f0' },
};

/** Alarms per day stacked by severity (recharts is heavy: this module is loaded on demand). */
export function AlarmsPlot({ days }: { days: ReportStatistics['alarmsPerDay'] }) {
  const data = days.map((d) => ({ ...d, label: shortDay(d.day) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#1e293b" vertical={false} />
        <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={false} minTickGap={12} />
        <YAxis allowDecimals={false} tick={axis} tickLine={false} axisLine={false} />
        <Tooltip cursor={{ fill: 'rgba(148, 163, 184, 0.08)' }} {...tooltip} />
        <Legend itemSorter={null} wrapperStyle={{ fontSize: 12, color: '#cbd5e1' }} />
        {severitySeries.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={t(s.label)}
            stackId="alarms"
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Average response time (line, minutes) over the refused accesses (bars), per day. */
export function ResponsePlot({ days }: { days: ReportStatistics['responsePerDay'] }) {
  const data = days.map((d) => ({ ...d, label: shortDay(d.day) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart
        data={data}
        accessibilityLayer={false}
        margin={{ top: 8, right: 0, bottom: 0, left: -16 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#1e293b" vertical={false} />
        <XAxis dataKey="label" tick={axis} tickLine={false} axisLine={false} minTickGap={12} />
        <YAxis yAxisId="min" tick={axis} tickLine={false} axisLine={false} unit=" min" width={70} />
        <YAxis
          yAxisId="refusals"
          orientation="right"
          allowDecimals={false}
          tick={axis}
          tickLine={false}
          axisLine={false}
        />
        <Tooltip cursor={{ fill: 'rgba(148, 163, 184, 0.08)' }} {...tooltip} />
        <Legend wrapperStyle={{ fontSize: 12, color: '#cbd5e1' }} />
        <Bar
          yAxisId="refusals"
          dataKey="accessRefusals"
          name={t('Accès refusés')}
          fill="#f87171"
          fillOpacity={0.6}
          isAnimationActive={false}
        />
        <Line
          yAxisId="min"
          dataKey="avgResponseTime"
          name={t('Temps de réponse (min)')}
          stroke="#60a5fa"
          strokeWidth={2}
          dot={{ r: 2 }}
          connectNulls={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
