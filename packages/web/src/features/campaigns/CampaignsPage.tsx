/**
 * Campaigns (automation §2): search, infinite scroll, name, status, contact list, connection,
 * scheduled and completed times (the company's clock); a test send to a number of one's own; send
 * now before it starts (refused with the reason when its connection is down), stop while running,
 * restart once cancelled, report, edit, delete. A connection not connected is flagged beside its name. Live from `company-{id}-campaign`.
 */
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import SendIcon from '@mui/icons-material/Send';
import WarningIcon from '@mui/icons-material/WarningAmber';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { usePagedList } from '../../lib/list/usePagedList';
import { toastError, toastSuccess } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import CampaignDialog from './CampaignDialog';
import { CampaignTestDialog } from './CampaignTestDialog';
import { CampaignStatusChip } from './CampaignStatusChip';
import { formatZoned } from '../../lib/zonedTime';
import { campaignsList, useCampaignAction, useDeleteCampaign } from './useCampaigns';

const ellipsis = { maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

export default function CampaignsPage() {
  const { t } = useTranslation();
  const timeZone = useCurrentUser().company.timezone;
  const list = usePagedList(campaignsList);
  const del = useConfirmedDelete<Campaign>(useDeleteCampaign(), t('campaigns.toasts.deleted'));
  const cancel = useCampaignAction('cancel');
  const restart = useCampaignAction('restart');
  const sendNow = useCampaignAction('send-now');
  const [dialog, setDialog] = useState<{ campaignId?: number } | null>(null);
  const [testing, setTesting] = useState<Campaign | null>(null);

  // Failures show the server's reason (automation §8).
  const run = (action: typeof cancel, id: number, done: string) =>
    action.mutate(id, { onSuccess: () => toastSuccess(done), onError: (err) => toastError(err) });

  return (
    <PageContainer
      title={t('campaigns.title')}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="campaigns-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="campaign-add">
            {t('campaigns.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="campaigns-table"
        emptyText={list.search ? t('campaigns.noMatch') : t('campaigns.empty')}
        rowProps={(row) => ({ 'data-testid': 'campaign-row', 'data-campaign-id': row.id, 'data-status': row.status })}
        columns={[
          {
            label: t('campaigns.table.name'),
            sx: { ...ellipsis, maxWidth: { xs: 120, sm: 260 } },
            cell: (row) => row.name,
          },
          {
            label: t('campaigns.table.status'),
            cell: (row) => <CampaignStatusChip status={row.status} />,
          },
          {
            label: t('campaigns.table.contactList'),
            hideBelow: 'md',
            sx: ellipsis,
            cell: (row) => row.contactList?.name ?? '—',
          },
          {
            label: t('campaigns.table.whatsapp'),
            hideBelow: 'md',
            sx: ellipsis,
            cell: (row) =>
              row.whatsapp ? (
                <>
                  {row.whatsapp.name}
                  {row.whatsapp.status !== 'CONNECTED' && (
                    <Tooltip title={t('campaigns.actions.disconnected', { name: row.whatsapp.name })}>
                      <WarningIcon
                        fontSize="small"
                        color="warning"
                        sx={{ ml: 0.5, verticalAlign: 'middle' }}
                        aria-label={t('campaigns.actions.disconnected', { name: row.whatsapp.name })}
                        data-testid="campaign-disconnected"
                      />
                    </Tooltip>
                  )}
                </>
              ) : (
                '—'
              ),
          },
          {
            label: t('campaigns.table.scheduledAt'),
            hideBelow: 'sm',
            sx: { whiteSpace: 'nowrap' },
            testId: 'campaign-scheduled-at',
            cell: (row) => formatZoned(row.scheduledAt, timeZone) || '—',
          },
          {
            label: t('campaigns.table.completedAt'),
            hideBelow: 'md',
            sx: { whiteSpace: 'nowrap' },
            testId: 'campaign-completed-at',
            cell: (row) => formatZoned(row.completedAt, timeZone) || '—',
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) => (
              <EditDeleteButtons
                testId="campaign"
                onEdit={() => setDialog({ campaignId: row.id })}
                onDelete={() => del.ask(row)}
                leading={
                  <>
                    {(row.status === 'INATIVA' || row.status === 'PROGRAMADA') && (
                      <StateAction
                        title={t('campaigns.actions.sendNow')}
                        testId="campaign-send-now"
                        busy={sendNow.isPending}
                        onClick={() => run(sendNow, row.id, t('campaigns.toasts.sentNow'))}
                        icon={<SendIcon fontSize="small" color="primary" />}
                      />
                    )}
                    {row.status === 'EM_ANDAMENTO' && (
                      <StateAction
                        title={t('campaigns.actions.stop')}
                        testId="campaign-stop"
                        busy={cancel.isPending}
                        onClick={() => run(cancel, row.id, t('campaigns.toasts.cancelled'))}
                        icon={<StopIcon fontSize="small" color="error" />}
                      />
                    )}
                    {row.status === 'CANCELADA' && (
                      <StateAction
                        title={t('campaigns.actions.restart')}
                        testId="campaign-restart"
                        busy={restart.isPending}
                        onClick={() => run(restart, row.id, t('campaigns.toasts.restarted'))}
                        icon={<PlayArrowIcon fontSize="small" color="success" />}
                      />
                    )}
                    <StateAction
                      title={t('campaigns.actions.test')}
                      testId="campaign-test"
                      busy={false}
                      onClick={() => setTesting(row)}
                      icon={<ScienceIcon fontSize="small" />}
                    />
                    <Tooltip title={t('campaigns.actions.report')}>
                      <IconButton
                        size="small"
                        component={RouterLink}
                        to={`/campaign/${row.id}/report`}
                        aria-label={t('campaigns.actions.report')}
                        data-testid="campaign-report"
                      >
                        <AssessmentIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                }
              />
            ),
          },
        ]}
      />
      {dialog && <CampaignDialog campaignId={dialog.campaignId} onClose={() => setDialog(null)} />}
      {testing && <CampaignTestDialog campaign={testing} onClose={() => setTesting(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('campaigns.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('campaigns.confirmDelete.text')}
      />
    </PageContainer>
  );
}

/** One of a row's state actions (send now, stop, restart): an icon button its tooltip names. */
function StateAction(props: { title: string; testId: string; busy: boolean; onClick: () => void; icon: ReactNode }) {
  return (
    <Tooltip title={props.title}>
      <IconButton
        size="small"
        aria-label={props.title}
        disabled={props.busy}
        onClick={props.onClick}
        data-testid={props.testId}
      >
        {props.icon}
      </IconButton>
    </Tooltip>
  );
}
