/**
 * Flows list, /flowbuilders ("Fluxos de conversa", automation §2): search, infinite scroll, rows
 * with the name and Ativo/Desativado; a row opens its editor; its menu renames, opens, duplicates
 * or deletes (after confirmation).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { Flow, FlowPage } from '@balcao/contracts';
import { usePagedRows } from '../../lib/list/usePagedList';
import { toastError, toastSuccess } from '../../lib/toast';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { InfiniteTable } from '../../lib/ui/InfiniteTable';
import { PageContainer } from '../../lib/ui/PageContainer';
import { SearchField } from '../../lib/ui/SearchField';
import { useConfirmedDelete } from '../../lib/ui/useConfirmedDelete';
import FlowNameDialog from './FlowNameDialog';
import { FlowStatus } from './FlowStatus';
import { FlowRowMenu } from './FlowRowMenu';
import { flowsList, useDeleteFlow, useDuplicateFlow } from './useFlows';

/** The editor's code (the canvas library) fetched while the list is read: a row opens it warm. */
const preloadEditor = () => void import('./editor/FlowEditorPage');

export default function FlowsPage() {
  useEffect(preloadEditor, []);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedRows<FlowPage, 'flows'>(flowsList);
  const del = useConfirmedDelete<Flow>(useDeleteFlow(), t('flows.toasts.deleted'));
  const duplicate = useDuplicateFlow();
  const [dialog, setDialog] = useState<{ flow?: Flow } | null>(null);
  const open = (flow: Flow) => void navigate(`/flowbuilder/${flow.id}`);

  const copy = async (flow: Flow) => {
    try {
      await duplicate.mutateAsync(flow.id);
      toastSuccess(t('flows.toasts.duplicated'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <PageContainer
      title={t('flows.title')}
      actions={
        <>
          <SearchField value={list.search} onChange={list.setSearch} testId="flows-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({})} data-testid="flow-add">
            {t('flows.add')}
          </Button>
        </>
      }
    >
      <InfiniteTable
        {...list.table}
        testId="flows-table"
        emptyText={list.search ? t('flows.noMatch') : t('flows.empty')}
        rowProps={(row) => ({
          'data-testid': 'flow-row',
          'data-flow-id': row.id,
          tabIndex: 0,
          onClick: () => open(row),
          // The row is a link for the keyboard too; keys inside its menu stay the menu's.
          onKeyDown: (e) => e.key === 'Enter' && e.target === e.currentTarget && open(row),
          sx: { cursor: 'pointer' },
        })}
        columns={[
          {
            label: t('flows.table.name'),
            sx: { maxWidth: 0, width: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
            cell: (row) => row.name,
          },
          {
            label: t('flows.table.status'),
            align: 'center',
            testId: 'flow-status',
            cell: (row) => <FlowStatus active={row.active} />,
          },
          {
            label: t('common.actions'),
            align: 'right',
            cell: (row) => (
              <FlowRowMenu
                onRename={() => setDialog({ flow: row })}
                onOpen={() => open(row)}
                onDuplicate={() => void copy(row)}
                onDelete={() => del.ask(row)}
              />
            ),
          },
        ]}
      />
      {dialog && <FlowNameDialog flow={dialog.flow} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        {...del.dialog}
        title={t('flows.confirmDelete.title', { name: del.row?.name ?? '' })}
        text={t('flows.confirmDelete.text')}
      />
    </PageContainer>
  );
}
