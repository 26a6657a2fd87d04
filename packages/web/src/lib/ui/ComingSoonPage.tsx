/** The placeholder of pages that later issues build. */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';
import { PageContainer } from './PageContainer';

export default function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={t(titleKey)}>
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="coming-soon">
        <ConstructionIcon color="action" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6">{t('comingSoon.title')}</Typography>
        <Typography color="text.secondary">{t('comingSoon.text')}</Typography>
      </Paper>
    </PageContainer>
  );
}
