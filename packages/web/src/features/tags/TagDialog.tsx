/**
 * Add or edit a tag (operations §2 tags): name, colour, and the Kanban switch — which only
 * admins see (the server also refuses the flag from others).
 */
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type Tag, tagBody } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { can } from '../../lib/permissions';
import { applyServerErrors, withRequired } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { ColorField, PALETTE } from '../queues/ColorField';
import { useRoutingFieldError } from '../queues/fieldError';
import { useSaveTag } from './useTags';

interface Values {
  name: string;
  color: string;
  kanban: 0 | 1;
}

const resolver = withRequired(zodResolver(tagBody)) as unknown as Resolver<Values>;

export default function TagDialog({ tag, onClose }: { tag?: Tag; onClose: () => void }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const fieldError = useRoutingFieldError();
  const save = useSaveTag();
  // Admins only (operations §6); the server refuses the flag from others too.
  const showKanban = can(me, 'tag-modal:editKanban');
  const defaults = useMemo<Values>(
    () =>
      tag
        ? { name: tag.name, color: tag.color, kanban: tag.kanban ? 1 : 0 }
        : { name: '', color: PALETTE[Math.floor(Math.random() * PALETTE.length)]!, kanban: 0 },
    [tag],
  );
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    const body: Record<string, unknown> = { name: values.name, color: values.color };
    if (showKanban) body.kanban = values.kanban;
    try {
      await save.mutateAsync({ id: tag?.id, body });
      toastSuccess(t('tags.toasts.saved'));
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <FormDialog
      title={tag ? t('tags.dialog.editTitle') : t('tags.dialog.addTitle')}
      testId="tag-dialog"
      maxWidth="xs"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="tag-save">
        <Stack spacing={2}>
          <TextField
            {...register('name')}
            label={t('tags.fields.name')}
            autoFocus
            fullWidth
            error={Boolean(errors.name)}
            helperText={fieldError(errors.name)}
          />
          <Controller
            control={control}
            name="color"
            render={({ field }) => (
              <ColorField
                name={field.name}
                label={t('tags.fields.color')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={Boolean(errors.color)}
                helperText={fieldError(errors.color)}
              />
            )}
          />
          {showKanban && (
            <Controller
              control={control}
              name="kanban"
              render={({ field }) => (
                <div>
                  <FormControlLabel
                    control={
                      <Switch
                        name="kanban"
                        checked={field.value === 1}
                        onChange={(e) => field.onChange(e.target.checked ? 1 : 0)}
                      />
                    }
                    label={t('tags.fields.kanban')}
                  />
                  <FormHelperText sx={{ mt: 0 }}>{t('tags.hints.kanban')}</FormHelperText>
                </div>
              )}
            />
          )}
        </Stack>
      </FormDialogBody>
    </FormDialog>
  );
}
