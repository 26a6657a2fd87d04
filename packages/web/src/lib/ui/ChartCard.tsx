/**
 * What the pages' bar charts share (the dashboard's, the attendance report's): a titled card with
 * an aside (a total) and the charts' colours from the theme. No recharts here: the charts' own
 * chunks import it.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

export function ChartCard({
  title,
  aside,
  testId,
  children,
}: {
  title: string;
  aside?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {aside !== undefined && (
          <Typography variant="body2" color="text.secondary" data-testid={`${testId}-count`}>
            {aside}
          </Typography>
        )}
      </Box>
      {children}
    </Paper>
  );
}

/** Axis, grid and tooltip in the theme's colours (light and dark); no growing bars for those who asked for less motion. */
export function useChartStyle() {
  const theme = useTheme();
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  return {
    animate: !still,
    bar: theme.palette.primary.main,
    secondBar: theme.palette.secondary.main,
    tick: { fill: theme.palette.text.secondary, fontSize: 12 },
    grid: theme.palette.divider,
    tooltip: {
      contentStyle: {
        background: theme.palette.background.paper,
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: 8,
        color: theme.palette.text.primary,
      },
      cursor: { fill: theme.palette.action.hover },
    },
  };
}
