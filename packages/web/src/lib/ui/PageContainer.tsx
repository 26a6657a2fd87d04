import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Page frame: a title row (with optional actions) and the content below. */
export function PageContainer({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="h5" component="h1" color="primary" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {actions && (
          // Gaps, not margins: an action wrapped to a new line (phones) stays aligned to the left.
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children}
    </Box>
  );
}
