/**
 * Flow campaigns, /phrase-lists ("Campanhas", automation §2): name, status (Ativo/Desativado),
 * edit, and delete for those allowed `contacts-page:deleteContact`; a dialog creates or edits one.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { FlowCampaign } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { queryRows } from '../../lib/list/queryRows';
import { can } from '../../lib/permissions';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import { FlowStatus } from '../flows/FlowStatus';
import FlowCampaignDialog from './FlowCampaignDialog';
import { useDeleteFlowCampaign, useFlowCampaigns } from './useFlowCampaigns';

export default function FlowCampaignsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const mayDelete = can(user, 'contacts-page:deleteContact');
  const campaigns = useFlowCampaigns();
  const del = useConfirmedDelete<FlowCampaign>(useDeleteFlowCampaign(), t('flowCampaigns.toasts.deleted'));
  const [dialog, setDialog] = useState<{ campaign?: FlowCampaign } | null>(null);

  return (
    <PageContainer
      title={t('flowCampaigns.title')}
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({})}
          data-testid="flow-campaign-add"
        >
          {t('flowCampaigns.add')}
        </Button>
      }
    >
      <InfiniteTable
        {...queryRows(campaigns)}
        testId="flow-campaigns-table"
        emptyText={t('flowCampaigns.empty')}
        rowProps={(row) => ({ 'data-testid': 'flow-campaign-row', 'data-flow-campaign-id': row.id })}
        columns={[
          {
            label: t('flowCampaigns.table.name'),
            sx: { maxWidth: 0, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            cell: (row) => row.name,
          },
          {
            label: t('flowCampaigns.table.status'),
            align: 'center',
            testId: 'flow-campaign-status-cell',
            cell: (row) => <FlowStatus active={row.status} />,
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) => (
              <EditDeleteButtons
                testId="flow-campaign"
                onEdit={() => setDialog({ campaign: row })}
                onDelete={mayDelete ? () => del.ask(row) : undefined}
              />
            ),
          },
        ]}
      />
      {dialog && <FlowCampaignDialog campaign={dialog.campaign} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('flowCampaigns.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('flowCampaigns.confirmDelete.text')}
      />
    </PageContainer>
  );
}
