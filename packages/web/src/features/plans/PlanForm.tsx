import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type Plan, PLAN_FEATURES, planBody, type PlanBody } from '@balcao/contracts';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { toastError, toastErrorText, toastSuccess } from '../../lib/toast';
import { isApiError } from '../../lib/api';
import { BoolSelect } from '../../lib/ui/BoolSelect';
import { plansCrud } from './usePlans';

const EMPTY: PlanBody = {
  name: '',
  users: 0,
  connections: 0,
  queues: 0,
  value: 0,
  useCampaigns: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
};

const toValues = (p: Plan): PlanBody => ({
  ...EMPTY,
  name: p.name,
  users: p.users,
  connections: p.connections,
  queues: p.queues,
  value: Number(p.value) || 0,
  ...Object.fromEntries(PLAN_FEATURES.map((f) => [f, p[f] ?? false])),
});

// Numbers arrive as strings from the inputs; the schema coerces them.
const resolver = withRequired(zodResolver(planBody)) as unknown as Resolver<PlanBody>;

export function PlanForm({ editing, onDone }: { editing: Plan | null; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = plansCrud.useSave();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlanBody>({ resolver, defaultValues: EMPTY });

  useEffect(() => reset(editing ? toValues(editing) : EMPTY), [editing, reset]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: editing?.id, body });
      toastSuccess(t('plans.toasts.saved'));
      reset(EMPTY);
      onDone();
    } catch (err) {
      applyServerErrors(err, setError);
      // A refused save most likely means the name is taken (foundation §8: the toast says so).
      if (isApiError(err) && err.status < 500 && err.code !== 'ERR_NO_PERMISSION') {
        toastErrorText(t('plans.toasts.saveError'));
      } else toastError(err);
    }
  });

  const numberField = (name: 'users' | 'connections' | 'queues' | 'value', step = '1') => (
    <Grid size={{ xs: 6, sm: 3, md: 2 }}>
      <TextField
        {...register(name)}
        type="number"
        label={t(`plans.fields.${name}`)}
        fullWidth
        error={Boolean(errors[name])}
        helperText={fieldError(errors[name])}
        slotProps={{ htmlInput: { min: 0, step } }}
      />
    </Grid>
  );

  return (
    <Stack component="form" onSubmit={onSubmit} noValidate spacing={2} data-testid="plan-form">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            {...register('name')}
            label={t('plans.fields.name')}
            fullWidth
            error={Boolean(errors.name)}
            helperText={fieldError(errors.name)}
          />
        </Grid>
        {numberField('users')}
        {numberField('connections')}
        {numberField('queues')}
        {numberField('value', '0.01')}
        {PLAN_FEATURES.map((f) => (
          <Grid key={f} size={{ xs: 6, sm: 4, md: 3 }}>
            <Controller
              control={control}
              name={f}
              render={({ field }) => (
                <BoolSelect
                  name={f}
                  label={t(`plans.fields.${f}`)}
                  value={field.value}
                  onChange={field.onChange}
                  trueLabel={t('common.enabled')}
                  falseLabel={t('common.disabled')}
                />
              )}
            />
          </Grid>
        ))}
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
        <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="plan-save">
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
