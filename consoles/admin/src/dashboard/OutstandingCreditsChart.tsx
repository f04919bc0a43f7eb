import { Card, CardContent, CardHeader } from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FinanceSummary } from '../providers/dataProvider';
import { evenTicks } from './evenTicks';

/** Posted and pending credits held in people's spending and earning accounts. */
export function OutstandingCreditsChart({ figures }: { figures: FinanceSummary }) {
  const outstanding = (['spending', 'earning'] as const).map((kind) => ({
    kind,
    posted: figures.credits_outstanding[kind].posted_credits,
    pending: figures.credits_outstanding[kind].pending_credits,
  }));
  const outstandingAxis = evenTicks(outstanding.flatMap((row) => [row.posted, row.pending]));
  return (
    <Card>
      <CardHeader title="Credits outstanding per account kind" />
      <CardContent sx={{ height: 280 }}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={outstanding}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="kind" />
            <YAxis
              domain={outstandingAxis.domain}
              ticks={outstandingAxis.ticks}
              interval={0}
              width={72}
              tickFormatter={(value: number) => value.toLocaleString('en-US')}
            />
            <Tooltip />
            <Legend />
            <Bar dataKey="posted" name="Posted credits" fill="#1976d2" isAnimationActive={false} />
            <Bar dataKey="pending" name="Pending credits" fill="#ffa000" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </CardContent>
    </Card>
  );
}
