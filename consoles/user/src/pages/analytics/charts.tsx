import type { TPerformanceMetric } from '@evalmarket/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatUsd } from '../../format';
import { ChartDataTable } from '../../ui/ChartDataTable';

/** The chart palette of 5 colours (spec 001 section 9). */
export const PALETTE = ['#4f46e5', '#0891b2', '#16a34a', '#f59e0b', '#db2777'];
const TREND_COLOUR = { up: '#16a34a', down: '#dc2626', stable: '#9ca3af' } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'MMM dd' */
export function shortDate(iso: string): string {
  const [, month, day] = iso.slice(0, 10).split('-');
  return `${MONTHS[Number(month) - 1] ?? ''} ${day ?? ''}`;
}

/** A metric's value with its unit: dollars, a count, or '%' (spec: labels with 'Rate' get a %). */
export function metricValue(
  metric: Pick<TPerformanceMetric, 'label' | 'unit'>,
  value: number = (metric as TPerformanceMetric).value,
): string {
  if (metric.unit === 'usd')
    return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const text = Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(2);
  return metric.unit === 'percent' || metric.label.includes('Rate') ? `${text}%` : text;
}

/** A signed change percentage to one decimal; null: nothing in the previous period to compare. */
export function signedChange(change: number | null): string {
  if (change === null) return 'no previous activity';
  return `${change > 0 ? '+' : change < 0 ? '−' : ''}${Math.abs(change).toFixed(1)}%`;
}

function ChartFrame({
  title,
  table,
  children,
}: {
  title: string;
  table: React.ReactNode;
  children: React.ReactElement;
}) {
  return (
    <figure className="panel chart" aria-label={title}>
      <figcaption>
        <h2>{title}</h2>
      </figcaption>
      <div className="chart-area" aria-hidden="true">
        <ResponsiveContainer width="100%" height={260}>
          {children}
        </ResponsiveContainer>
      </div>
      {table}
    </figure>
  );
}

export function TrendChart({
  title,
  points,
}: {
  title: string;
  points: Array<{ date: string; amount: number; transaction_count: number }>;
}) {
  const data = points.map((point) => ({ ...point, label: shortDate(point.date) }));
  return (
    <ChartFrame
      title={title}
      table={
        <ChartDataTable
          caption={`${title} data`}
          headers={['Date', 'Amount (USD)', 'Transactions']}
          rows={data.map((point) => ({
            key: point.date,
            cells: [point.label, formatUsd(point.amount), point.transaction_count],
          }))}
        />
      }
    >
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e2ec" />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis fontSize={12} width={48} />
        <Tooltip formatter={(value) => formatUsd(Number(value))} />
        <Line
          type="monotone"
          dataKey="amount"
          name="Amount"
          stroke={PALETTE[0]}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFrame>
  );
}

export function BreakdownChart({
  title,
  rows,
}: {
  title: string;
  rows: Array<{ name: string; value: number; percentage?: number }>;
}) {
  return (
    <ChartFrame
      title={title}
      table={
        <ChartDataTable
          caption={`${title} data`}
          headers={['Name', 'Value', 'Share']}
          rows={rows.map((row) => ({
            key: row.name,
            cells: [row.name, row.value, row.percentage === undefined ? '' : `${row.percentage.toFixed(1)}%`],
          }))}
        />
      }
    >
      <PieChart>
        <Pie
          data={rows}
          dataKey="value"
          nameKey="name"
          innerRadius={55}
          outerRadius={95}
          isAnimationActive={false}
        >
          {rows.map((row, index) => (
            <Cell key={row.name} fill={PALETTE[index % PALETTE.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend />
      </PieChart>
    </ChartFrame>
  );
}

export function MetricsChart({ title, metrics }: { title: string; metrics: TPerformanceMetric[] }) {
  return (
    <ChartFrame
      title={title}
      table={
        <ChartDataTable
          caption={`${title} data`}
          headers={['Metric', 'Value', 'Previous period', 'Trend', 'Change']}
          rows={metrics.map((metric) => ({
            key: metric.label,
            cells: [
              metric.label,
              metricValue(metric),
              metricValue(metric, metric.previous_value),
              metric.trend,
              signedChange(metric.change_percentage),
            ],
          }))}
        />
      }
    >
      {/* Dollars, counts and percentages do not share an axis: the bars are each metric's change
          against the previous period, all in percent. */}
      <BarChart
        data={metrics.map((metric) => ({ ...metric, change: metric.change_percentage ?? 0 }))}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e2ec" />
        <XAxis dataKey="label" fontSize={12} />
        <YAxis fontSize={12} width={56} unit="%" />
        <Tooltip formatter={(value) => `${value}%`} />
        <Bar dataKey="change" name="Change vs previous period" isAnimationActive={false}>
          {metrics.map((metric) => (
            <Cell key={metric.label} fill={TREND_COLOUR[metric.trend]} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
