/** Add or edit one person of a list (automation §2, §5): name 2–50, number 8–50, a valid email or none. */
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { contactListItemBody, type ContactListItem } from '@balcao/contracts';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { useSaveContactListItem } from './useContactLists';

interface Values {
  name: string;
  number: string;
  email: string;
}
const resolver = withRequired(
  zodResolver(contactListItemBody.omit({ contactListId: true })),
) as unknown as Resolver<Values>;

export default function ContactListItemDialog({
  contactListId,
  item,
  onClose,
}: {
  contactListId: number;
  item?: ContactListItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveContactListItem(contactListId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: { name: item?.name ?? '', number: item?.number ?? '', email: item?.email ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: item?.id, body: { ...values } });
      toastSuccess(t('contactLists.items.toasts.saved'));
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <FormDialog
      title={item ? t('contactLists.items.dialog.editTitle') : t('contactLists.items.dialog.addTitle')}
      testId="contact-list-item-dialog"
      maxWidth="xs"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="contact-list-item-save">
        <Stack spacing={2}>
          <TextField
            {...register('name')}
            label={t('contactLists.items.fields.name')}
            autoFocus
            fullWidth
            error={Boolean(errors.name)}
            helperText={fieldError(errors.name)}
          />
          <TextField
            {...register('number')}
            label={t('contactLists.items.fields.number')}
            placeholder="5511912345678"
            fullWidth
            inputMode="tel"
            error={Boolean(errors.number)}
            helperText={fieldError(errors.number)}
          />
          <TextField
            {...register('email')}
            label={t('contactLists.items.fields.email')}
            type="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={fieldError(errors.email)}
          />
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
