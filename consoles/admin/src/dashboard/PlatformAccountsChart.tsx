import { Card, CardContent, CardHeader } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FinanceSummary } from '../providers/dataProvider';
import { evenTicks } from './evenTicks';

/** The posted balance of each platform account, sources (negative) and sinks alike. */
export function PlatformAccountsChart({ figures }: { figures: FinanceSummary }) {
  const platform = Object.entries(figures.platform_accounts).map(([account, value]) => ({
    account,
    posted: value.posted_credits,
  }));
  const platformAxis = evenTicks(platform.map((row) => row.posted));
  return (
    <Card>
      <CardHeader
        title="Platform accounts"
        subheader="Balances in credits; a negative balance is credits issued"
      />
      <CardContent sx={{ height: 280 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={platform} layout="vertical" margin={{ left: 60, right: 32 }}>
            <CartesianGrid strokeDasharray="3 3" />
            {/* Platform accounts are mostly sources (negative): keep zero in view. */}
            <XAxis
              type="number"
              domain={platformAxis.domain}
              ticks={platformAxis.ticks}
              interval={0}
              tickFormatter={(value: number) => value.toLocaleString('en-US')}
            />
            <YAxis type="category" dataKey="account" width={120} />
            <Tooltip />
            <Bar dataKey="posted" name="Posted credits" fill="#7b1fa2" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}
