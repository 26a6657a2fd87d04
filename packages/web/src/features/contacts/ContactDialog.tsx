/**
 * Add or edit a contact (operations §2 contacts page, §5: name 2–50, number 8–50, email valid,
 * extra info pairs). The rules are the shared schemas (contactBody / contactUpdateBody); the server
 * then reads the number in the company's country ("(11) 91234-5678") or with + and its country
 * code: one that is no number there, or one already in the company, shows under the number field.
 */
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { contactBody, contactUpdateBody, type Contact } from '@balcao/contracts';
import { api, isApiError } from '../../lib/api';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { invalidateContacts } from './useContacts';

interface FormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: Array<{ name: string; value: string }>;
}

// The schemas transform the number to digits; the form keeps what was typed.
const createResolver = withRequired(zodResolver(contactBody)) as unknown as Resolver<FormValues>;
const updateResolver = withRequired(zodResolver(contactUpdateBody)) as unknown as Resolver<FormValues>;

interface Props {
  /** The contact to edit; none to add one. */
  contact?: Contact;
  onClose: () => void;
}

export default function ContactDialog({ contact, onClose }: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const isEdit = Boolean(contact);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: isEdit ? updateResolver : createResolver,
    defaultValues: {
      name: contact?.name ?? '',
      number: contact?.number ?? '',
      email: contact?.email ?? '',
      extraInfo: contact?.extraInfo ?? [],
    },
  });
  const extra = useFieldArray({ control, name: 'extraInfo' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (contact) await api.put<Contact>(`/contacts/${contact.id}`, values);
      else await api.post<Contact>('/contacts', values);
      toastSuccess(t('contacts.toasts.saved'));
      void invalidateContacts(queryClient);
      onClose();
    } catch (err) {
      if (isApiError(err) && err.code === 'ERR_DUPLICATED_CONTACT') {
        setError('number', { type: 'server', message: 'duplicated' }, { shouldFocus: true });
      } else if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <FormDialog
      title={isEdit ? t('contacts.dialog.editTitle') : t('contacts.dialog.addTitle')}
      testId="contact-dialog"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="contact-save">
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              {...register('name')}
              label={t('contacts.fields.name')}
              autoFocus
              fullWidth
              error={Boolean(errors.name)}
              helperText={fieldError(errors.name)}
            />
            <TextField
              {...register('number')}
              label={t('contacts.fields.number')}
              placeholder="(11) 91234-5678"
              inputMode="tel"
              fullWidth
              error={Boolean(errors.number)}
              helperText={fieldError(errors.number) ?? t('contacts.fields.numberHelp')}
            />
          </Stack>
          <TextField
            {...register('email')}
            label={t('contacts.fields.email')}
            type="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={fieldError(errors.email)}
          />
          <Typography variant="subtitle2" color="primary">
            {t('contacts.dialog.extraInfo')}
          </Typography>
          {extra.fields.map((field, i) => (
            <Stack
              key={field.id}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'flex-start' }}
              data-testid="extra-info-row"
            >
              <TextField
                {...register(`extraInfo.${i}.name`)}
                label={t('contacts.fields.extraName')}
                size="small"
                fullWidth
                error={Boolean(errors.extraInfo?.[i]?.name)}
                helperText={fieldError(errors.extraInfo?.[i]?.name)}
              />
              <TextField
                {...register(`extraInfo.${i}.value`)}
                label={t('contacts.fields.extraValue')}
                size="small"
                fullWidth
                error={Boolean(errors.extraInfo?.[i]?.value)}
                helperText={fieldError(errors.extraInfo?.[i]?.value)}
              />
              <IconButton aria-label={t('common.delete')} onClick={() => extra.remove(i)} sx={{ mt: 0.5 }}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ))}
          <Button
            startIcon={<AddIcon />}
            onClick={() => extra.append({ name: '', value: '' })}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="extra-info-add"
          >
            {t('contacts.dialog.addExtraInfo')}
          </Button>
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
