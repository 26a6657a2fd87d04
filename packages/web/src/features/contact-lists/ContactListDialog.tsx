/** Add or rename a contact list (automation §2): its name, 2–50 characters. */
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { contactListBody, type ContactList } from '@balcao/contracts';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { useSaveContactList } from './useContactLists';

interface Values {
  name: string;
}
const resolver = withRequired(zodResolver(contactListBody)) as unknown as Resolver<Values>;

export default function ContactListDialog({
  contactList,
  onClose,
}: {
  contactList?: ContactList;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveContactList();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: { name: contactList?.name ?? '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: contactList?.id, body: { name: values.name } });
      toastSuccess(t('contactLists.toasts.saved'));
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <FormDialog
      title={contactList ? t('contactLists.dialog.editTitle') : t('contactLists.dialog.addTitle')}
      testId="contact-list-dialog"
      maxWidth="xs"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="contact-list-save">
        <TextField
          {...register('name')}
          label={t('contactLists.fields.name')}
          autoFocus
          fullWidth
          error={Boolean(errors.name)}
          helperText={fieldError(errors.name)}
        />
      </FormDialogBody>
    </FormDialog>
  );
}
