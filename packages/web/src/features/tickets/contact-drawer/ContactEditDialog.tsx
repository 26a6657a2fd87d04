/**
 * The contact form of the drawer (operations §5: name 2–50, number 8–50, valid email), with
 * the extra-info pairs. The rules are the contracts' contactBody; server field errors land under
 * their fields.
 */
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { contactBody, type Contact } from '@balcao/contracts';
import { applyServerErrors, useFieldError, withRequired } from '../../../lib/forms';
import { toastError, toastSuccess } from '../../../lib/toast';
import { FormDialog, FormDialogBody } from '../../../lib/ui/FormDialog';
import { useSaveContact } from './useContact';

interface FormValues {
  name: string;
  number: string;
  email: string;
  extraInfo: Array<{ name: string; value: string }>;
}

const resolver = withRequired(zodResolver(contactBody)) as unknown as Resolver<FormValues>;

export function ContactEditDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveContact(contact.id);
  const { control, handleSubmit, setError, formState } = useForm<FormValues>({
    resolver,
    defaultValues: {
      name: contact.name,
      number: contact.number,
      email: contact.email ?? '',
      extraInfo: contact.extraInfo ?? [],
    },
  });
  const extra = useFieldArray({ control, name: 'extraInfo' });

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toastSuccess(t('tickets.contact.saved'));
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  const text = (name: 'name' | 'number' | 'email', label: string, extraProps: object = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField {...field} {...extraProps} label={label} fullWidth error={Boolean(fieldState.error)} helperText={fieldError(fieldState.error)} />
      )}
    />
  );

  return (
    <FormDialog title={t('tickets.contact.editTitle')} testId="contact-edit-dialog" onClose={onClose}>
      <FormDialogBody onSubmit={submit} saving={formState.isSubmitting} saveTestId="contact-save" dividers={false}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {text('name', t('tickets.contact.name'), { autoFocus: true })}
          {text('number', t('tickets.contact.number'), { inputMode: 'tel' })}
          {text('email', t('tickets.contact.email'), { type: 'email' })}
          <Typography variant="subtitle2">{t('tickets.contact.extraInfo')}</Typography>
          {extra.fields.map((f, i) => (
            <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Controller
                name={`extraInfo.${i}.name`}
                control={control}
                render={({ field, fieldState }) => (
                  <TextField {...field} size="small" label={t('tickets.contact.extraName')} error={Boolean(fieldState.error)} helperText={fieldError(fieldState.error)} sx={{ flex: 1 }} />
                )}
              />
              <Controller
                name={`extraInfo.${i}.value`}
                control={control}
                render={({ field, fieldState }) => (
                  <TextField {...field} size="small" label={t('tickets.contact.extraValue')} error={Boolean(fieldState.error)} helperText={fieldError(fieldState.error)} sx={{ flex: 1 }} />
                )}
              />
              <IconButton aria-label={t('common.delete')} onClick={() => extra.remove(i)}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Button startIcon={<AddIcon />} onClick={() => extra.append({ name: '', value: '' })} sx={{ alignSelf: 'flex-start' }}>
            {t('tickets.contact.addExtra')}
          </Button>
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
