/**
 * The contact form of the drawer (operations §5: name 2–50, number 8–50, valid email), with
 * the extra-info pairs. The rules are the contracts' contactBody; server field errors land under
 * their fields.
 */
import { Controller, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { contactBody, type Contact } from '@balcao/contracts';
import { applyServerErrors, useFieldError, withRequired } from '../../../lib/forms';
import { toastError, toastSuccess } from '../../../lib/toast';
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
  const fullScreen = useMediaQuery('(max-width:599.95px)');
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
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} data-testid="contact-edit-dialog">
      <DialogTitle>{t('tickets.contact.editTitle')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="contact-edit-form" spacing={2} sx={{ pt: 1 }} onSubmit={(e) => void submit(e)} noValidate>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" form="contact-edit-form" variant="contained" disabled={formState.isSubmitting} data-testid="contact-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
