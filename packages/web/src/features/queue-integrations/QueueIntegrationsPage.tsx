/**
 * Queue integrations (automation §4): title with the count, search, add, the table (type logo,
 * id, name, edit, delete) with infinite scroll, kept live by `company-{id}-queueIntegration`.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { QueueIntegration } from '@balcao/contracts';
import { usePagedList } from '../../lib/list/usePagedList';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { EditDeleteButtons } from '../../lib/ui/EditDeleteButtons';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import { IntegrationTypeLogo } from './IntegrationTypeLogo';
import QueueIntegrationDialog from './QueueIntegrationDialog';
import SigningSecretDialog from './SigningSecret';
import { queueIntegrationsList, useDeleteQueueIntegration } from './useQueueIntegrations';

export default function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const list = usePagedList(queueIntegrationsList);
  const del = useConfirmedDelete<QueueIntegration>(useDeleteQueueIntegration(), t('queueIntegrations.toasts.deleted'));
  const [dialog, setDialog] = useState<{ integration?: QueueIntegration } | null>(null);
  // A new webhook / n8n integration: its signing secret, shown once it exists.
  const [created, setCreated] = useState<QueueIntegration | null>(null);

  return (
    <PageContainer
      title={
        list.count === undefined
          ? t('queueIntegrations.title')
          : t('queueIntegrations.titleCount', { count: list.count })
      }
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="queue-integrations-search" />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({})}
            data-testid="queue-integration-add"
          >
            {t('queueIntegrations.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="queue-integrations-table"
        emptyText={list.search ? t('queueIntegrations.noMatch') : t('queueIntegrations.empty')}
        rowProps={(row) => ({
          'data-testid': 'queue-integration-row',
          'data-integration-id': row.id,
          'data-type': row.type,
        })}
        columns={[
          {
            label: t('queueIntegrations.table.type'),
            hideLabel: true,
            padding: 'checkbox',
            sx: { pl: 2 },
            cell: (row) => <IntegrationTypeLogo type={row.type} />,
          },
          { label: t('queueIntegrations.table.id'), align: 'center', hideBelow: 'sm', cell: (row) => row.id },
          {
            label: t('queueIntegrations.table.name'),
            sx: { maxWidth: 0, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            testId: 'queue-integration-name',
            cell: (row) => row.name,
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) => (
              <EditDeleteButtons
                testId="queue-integration"
                onEdit={() => setDialog({ integration: row })}
                onDelete={() => del.ask(row)}
              />
            ),
          },
        ]}
      />
      {dialog && (
        <QueueIntegrationDialog
          integration={dialog.integration}
          onClose={() => setDialog(null)}
          onCreated={(saved) => {
            if (saved.signingSecret) setCreated(saved);
          }}
        />
      )}
      {created && <SigningSecretDialog integration={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('queueIntegrations.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('queueIntegrations.confirmDelete.text')}
      />
    </PageContainer>
  );
}
