/**
 * A campaign's report (automation §2): its status, delivered out of valid contacts with a progress
 * bar (delivered / valid, automation §9), cards for valid contacts, delivered, connection, contact
 * list, schedule and conclusion, the estimated time to finish, why it waits (its connection down),
 * and the contacts whose send failed, with why; a test send to a number of one's own. Live.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import EventAvailableIcon from '@mui/icons-material/EventAvailableOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import ListIcon from '@mui/icons-material/ListAlt';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { ErrorState } from '../../lib/ui/ErrorState';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { PageLoader } from '../../lib/ui/PageLoader';
import { campaignProgress } from './campaignProgress';
import { CampaignStatusChip } from './CampaignStatusChip';
import { formatZoned } from '../../lib/zonedTime';
import { useCampaignReport } from './useCampaignReport';
import { CampaignTestDialog } from './CampaignTestDialog';

function InfoCard({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  testId: string;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}
      data-testid={testId}
    >
      <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography
          variant="h6"
          component="p"
          sx={{ overflowWrap: 'anywhere', fontSize: { xs: '1rem', sm: '1.25rem' } }}
          data-testid={`${testId}-value`}
        >
          {value}
        </Typography>
      </Box>
    </Paper>
  );
}

export default function CampaignReportPage() {
  const { t } = useTranslation();
  const id = Number(useParams().campaignId);
  const timeZone = useCurrentUser().company.timezone;
  const { campaign, failures, failureCount } = useCampaignReport(id);
  const c = campaign.data;
  const [testing, setTesting] = useState(false);
  const back = (
    <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />} data-testid="campaign-report-back">
      {t('campaigns.report.back')}
    </Button>
  );

  if (!c)
    return (
      <PageContainer title={t('campaigns.report.title')} actions={back}>
        {campaign.isLoading ? <PageLoader /> : <ErrorState onRetry={() => void campaign.refetch()} />}
      </PageContainer>
    );

  const percent = campaignProgress(c.delivered, c.validContacts);
  return (
    <PageContainer
      title={t('campaigns.report.titleOf', { name: c.name })}
      actions={
        <>
          <Button startIcon={<ScienceIcon />} onClick={() => setTesting(true)} data-testid="campaign-report-test">
            {t('campaigns.actions.test')}
          </Button>
          {back}
        </>
      }
    >
      {testing && <CampaignTestDialog campaign={c} onClose={() => setTesting(false)} />}
      {c.status === 'EM_ANDAMENTO' && c.whatsapp && c.whatsapp.status !== 'CONNECTED' && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="campaign-report-waiting">
          {t('campaigns.report.waiting', { name: c.whatsapp.name })}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }} data-testid="campaign-report">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography color="text.secondary">{t('campaigns.table.status')}:</Typography>
            <CampaignStatusChip status={c.status} size="medium" />
          </Stack>
          <Typography data-testid="campaign-report-delivered">
            {t('campaigns.report.deliveredOf', { delivered: c.delivered, valid: c.validContacts })}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            sx={{ flexGrow: 1, height: 10, borderRadius: 5 }}
            aria-label={t('campaigns.report.progress')}
            data-testid="campaign-report-progress"
          />
          <Typography sx={{ minWidth: 48, textAlign: 'right', fontWeight: 600 }} data-testid="campaign-report-percent">
            {percent}%
          </Typography>
        </Stack>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1, sm: 2 },
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <InfoCard
          icon={<GroupIcon />}
          label={t('campaigns.report.validContacts')}
          value={c.validContacts}
          testId="campaign-report-valid"
        />
        <InfoCard
          icon={<CheckCircleIcon />}
          label={t('campaigns.report.delivered')}
          value={c.delivered}
          testId="campaign-report-delivered-count"
        />
        <InfoCard
          icon={<WhatsAppIcon />}
          label={t('campaigns.report.connection')}
          value={c.whatsapp?.name ?? '—'}
          testId="campaign-report-connection"
        />
        <InfoCard
          icon={<ListIcon />}
          label={t('campaigns.report.contactList')}
          value={c.contactList?.name ?? '—'}
          testId="campaign-report-contact-list"
        />
        <InfoCard
          icon={<EventIcon />}
          label={t('campaigns.report.schedule')}
          value={formatZoned(c.scheduledAt, timeZone) || t('campaigns.report.notScheduled')}
          testId="campaign-report-schedule"
        />
        <InfoCard
          icon={<EventAvailableIcon />}
          label={t('campaigns.report.conclusion')}
          value={formatZoned(c.completedAt, timeZone) || '—'}
          testId="campaign-report-conclusion"
        />
        {c.estimatedSeconds !== null && (
          <InfoCard
            icon={<TimerIcon />}
            label={t('campaigns.report.estimate')}
            value={t('campaigns.report.minutes', { n: Math.max(1, Math.ceil(c.estimatedSeconds / 60)) })}
            testId="campaign-report-estimate"
          />
        )}
      </Box>
      <Typography variant="h6" component="h2">
        {t('campaigns.report.failures', { n: failureCount ?? c.failed })}
      </Typography>
      <InfiniteTable
        {...failures}
        testId="campaign-failures"
        emptyText={t('campaigns.report.noFailures')}
        maxHeight={{ xs: '60vh', sm: '50vh' }}
        rowProps={() => ({ 'data-testid': 'campaign-failure-row' })}
        columns={[
          { label: t('campaigns.report.failureName'), cell: (f) => f.name },
          { label: t('campaigns.report.failureNumber'), hideBelow: 'sm', cell: (f) => f.number },
          { label: t('campaigns.report.failureError'), sx: { overflowWrap: 'anywhere' }, cell: (f) => f.error },
          {
            label: t('campaigns.report.failedAt'),
            hideBelow: 'md',
            sx: { whiteSpace: 'nowrap' },
            cell: (f) => formatZoned(f.failedAt, timeZone),
          },
        ]}
      />
    </PageContainer>
  );
}
