import { useState } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../lib/ui/EmptyState';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import type { Help } from '@balcao/contracts';
import { HelpVideoCard } from './HelpVideoCard';
import { HelpVideoDialog } from './HelpVideoDialog';
import { useHelps } from './useHelps';

export default function HelpsPage() {
  const { t } = useTranslation();
  const helps = useHelps();
  const [open, setOpen] = useState<Help | null>(null);
  const list = helps.data ?? [];

  return (
    <PageContainer title={t('helps.title', { count: list.length })}>
      {helps.isLoading ? (
        <PageLoader />
      ) : helps.isError ? (
        <ErrorState onRetry={() => void helps.refetch()} />
      ) : list.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState text={t('helps.empty')} />
        </Paper>
      ) : (
        <Grid container spacing={2} data-testid="help-grid">
          {list.map((help) => (
            <Grid key={help.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <HelpVideoCard help={help} onOpen={setOpen} />
            </Grid>
          ))}
        </Grid>
      )}
      <HelpVideoDialog help={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
