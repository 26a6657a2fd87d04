import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../toast';

/**
 * A row waiting for the delete confirmation, and the confirmed delete: a toast either way (the
 * server's reason on a refusal), then the question closes. Spread `dialog` into <ConfirmDialog>.
 * `deletedText` null: the delete (`remove`) says its own success.
 */
export function useConfirmedDelete<T extends { id: number }>(
  remove: { mutateAsync: (id: number) => Promise<unknown>; isPending: boolean },
  deletedText: string | null,
  onDeleted?: (row: T) => void,
) {
  const { t } = useTranslation();
  const [row, setRow] = useState<T | null>(null);
  const confirm = async () => {
    if (!row) return;
    try {
      await remove.mutateAsync(row.id);
      if (deletedText !== null) toastSuccess(deletedText);
      onDeleted?.(row);
    } catch (err) {
      toastError(err);
    }
    setRow(null);
  };
  return {
    /** Asks about this row. */
    ask: setRow,
    /** The row asked about, for the question's words. */
    row,
    dialog: {
      open: Boolean(row),
      busy: remove.isPending,
      confirmLabel: t('common.delete'),
      onConfirm: () => void confirm(),
      onClose: () => setRow(null),
    },
  };
}
