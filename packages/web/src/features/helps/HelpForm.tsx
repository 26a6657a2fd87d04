import { useEffect } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type Help, helpBody, type HelpBody } from '@balcao/contracts';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { helpsCrud } from './useHelps';

const EMPTY: HelpBody = { title: '', video: '', description: '' };
const resolver = withRequired(zodResolver(helpBody)) as unknown as Resolver<HelpBody>;

export function HelpForm({ editing, onDone }: { editing: Help | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = helpsCrud.useSave();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<HelpBody>({ resolver, defaultValues: EMPTY });

  useEffect(
    () =>
      reset(
        editing
          ? { title: editing.title, video: editing.video ?? '', description: editing.description ?? '' }
          : EMPTY,
      ),
    [editing, reset],
  );

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: editing?.id, body });
      toastSuccess(t('helps.toasts.saved'));
      reset(EMPTY);
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <Stack component="form" onSubmit={onSubmit} noValidate spacing={2} data-testid="help-form">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('title')}
            label={t('helps.fields.title')}
            fullWidth
            error={Boolean(errors.title)}
            helperText={fieldError(errors.title)}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...register('video')}
            label={t('helps.fields.video')}
            fullWidth
            error={Boolean(errors.video)}
            helperText={fieldError(errors.video) ?? t('helps.videoHint')}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            {...register('description')}
            label={t('helps.fields.description')}
            fullWidth
            multiline
            minRows={2}
            error={Boolean(errors.description)}
            helperText={fieldError(errors.description)}
          />
        </Grid>
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            reset(EMPTY);
            onDone();
          }}
        >
          {t('common.clear')}
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="help-save">
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
