/** The tags the ticked tickets get: they become these (as one ticket's tag editor syncs them). */
import { useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormDialogBody } from '../../../lib/ui/FormDialog';
import { MultiSelect } from '../manager/MultiSelect';
import { useTags } from '../useReferenceData';

interface Props {
  busy: boolean;
  onClose: () => void;
  onTag: (tagIds: number[]) => void;
}

export function BulkTagDialog({ busy, onClose, onTag }: Props) {
  const { t } = useTranslation();
  const tags = useTags();
  const [tagIds, setTagIds] = useState<number[]>([]);
  return (
    <FormDialog title={t('tickets.bulk.tagTitle')} testId="bulk-tag-dialog" maxWidth="xs" onClose={onClose}>
      <FormDialogBody onSubmit={() => onTag(tagIds)} saving={busy} saveTestId="bulk-tag-save" saveLabel={t('tickets.bulk.tagSave')} dividers={false}>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <MultiSelect
            id="bulk-tags"
            label={t('tickets.bulk.tags')}
            allLabel={t('tickets.bulk.noTags')}
            options={tags.data ?? []}
            value={tagIds}
            onChange={setTagIds}
            testId="bulk-tag-select"
          />
          <Typography variant="caption" color="text.secondary">
            {t('tickets.bulk.tagHint')}
          </Typography>
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
