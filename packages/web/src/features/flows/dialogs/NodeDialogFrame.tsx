/** The frame every node dialog shares: "Adicionar …" or "Editar …", the form, Cancel and Salvar. */
import type { ReactNode } from 'react';
import type { FlowNodeData, FlowNodeType } from '@balcao/contracts';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogBody } from '../../../lib/ui/FormDialog';

/** A node dialog: `data` when editing (double-click), none when creating (speed-dial). */
export interface NodeDialogProps<T extends FlowNodeType> {
  data?: FlowNodeData[T];
  onSave: (data: FlowNodeData[T]) => void;
  onClose: () => void;
}

export function NodeDialogFrame({
  type,
  editing,
  onClose,
  onSubmit,
  saving = false,
  maxWidth,
  children,
}: {
  type: FlowNodeType;
  editing: boolean;
  onClose: () => void;
  onSubmit: () => unknown;
  saving?: boolean;
  maxWidth?: 'sm' | 'md';
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const name = t(`flows.nodes.${type}`);
  return (
    <FormDialog
      title={editing ? t('flows.dialog.editTitle', { name }) : t('flows.dialog.addTitle', { name })}
      testId="flow-node-dialog"
      maxWidth={maxWidth}
      onClose={saving ? () => undefined : onClose}
    >
      <FormDialogBody
        onSubmit={onSubmit}
        saving={saving}
        saveTestId="flow-node-save"
        saveLabel={editing ? undefined : t('flows.dialog.add')}
      >
        {children}
      </FormDialogBody>
    </FormDialog>
  );
}
