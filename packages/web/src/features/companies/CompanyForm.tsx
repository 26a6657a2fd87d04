import { useEffect } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type Company, companyBody, type Plan, type Recurrence, RECURRENCES } from '@balcao/contracts';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { parseCalendarDate, toIsoDate } from '../../lib/dates';
import { toastError, toastSuccess } from '../../lib/toast';
import { BoolSelect } from '../../lib/ui/BoolSelect';
import { SelectField } from '../../lib/ui/SelectField';
import { companiesCrud } from './useCompanies';

interface Values {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  campaignsEnabled: boolean;
  password: string;
}

const EMPTY: Values = {
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: true,
  dueDate: '',
  recurrence: 'MENSAL',
  campaignsEnabled: true,
  password: '',
};

function toValues(c: Company): Values {
  const due = parseCalendarDate(c.dueDate);
  return {
    name: c.name ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    planId: c.planId ? String(c.planId) : '',
    status: c.status !== false,
    dueDate: due ? toIsoDate(due) : '',
    recurrence: (RECURRENCES as readonly string[]).includes(c.recurrence ?? '') ? (c.recurrence as Recurrence) : 'MENSAL',
    campaignsEnabled: c.campaignsEnabled,
    password: '',
  };
}

/** A blank admin password means "none" (it is optional and only used on create). */
const base = zodResolver(companyBody) as unknown as Resolver<Values>;
const resolver = withRequired<Values, unknown, Values>((values, ctx, opts) =>
  base({ ...values, password: values.password || undefined } as Values, ctx, opts),
);

export function CompanyForm({ editing, plans, onDone }: { editing: Company | null; plans: Plan[]; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = companiesCrud.useSave();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: EMPTY });

  useEffect(() => reset(editing ? toValues(editing) : EMPTY), [editing, reset]);

  const onSubmit = handleSubmit(async () => {
    const v = getValues();
    const body: Record<string, unknown> = {
      name: v.name.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      planId: Number(v.planId),
      status: v.status,
      dueDate: v.dueDate || null,
      recurrence: v.recurrence,
      campaignsEnabled: v.campaignsEnabled,
    };
    if (!editing && v.password) body.password = v.password;
    try {
      await save.mutateAsync({ id: editing?.id, body });
      toastSuccess(t('companies.toasts.saved'));
      reset(EMPTY);
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  const text = (name: 'name' | 'email' | 'phone', type = 'text') => (
    <TextField
      {...register(name)}
      type={type}
      label={t(`companies.fields.${name}`)}
      fullWidth
      error={Boolean(errors[name])}
      helperText={fieldError(errors[name])}
    />
  );

  return (
    <Stack component="form" onSubmit={onSubmit} noValidate spacing={2} data-testid="company-form">
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>{text('name')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>{text('email', 'email')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>{text('phone', 'tel')}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <SelectField
            {...register('planId')}
            label={t('companies.fields.plan')}
            fullWidth
            placeholder={t('companies.choosePlan')}
            options={plans.map((p) => ({ value: String(p.id), label: p.name }))}
            error={Boolean(errors.planId)}
            helperText={fieldError(errors.planId)}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <BoolSelect name="status" label={t('companies.fields.status')} value={field.value} onChange={field.onChange} />
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <Controller
            control={control}
            name="campaignsEnabled"
            render={({ field }) => (
              <BoolSelect
                name="campaignsEnabled"
                label={t('companies.fields.campaignsEnabled')}
                value={field.value}
                onChange={field.onChange}
                trueLabel={t('common.enabled')}
                falseLabel={t('common.disabled')}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <TextField
            {...register('dueDate')}
            type="date"
            label={t('companies.fields.dueDate')}
            fullWidth
            error={Boolean(errors.dueDate)}
            helperText={fieldError(errors.dueDate)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 4 }}>
          <SelectField
            {...register('recurrence')}
            label={t('companies.fields.recurrence')}
            fullWidth
            options={RECURRENCES.map((r) => ({ value: r, label: t(`companies.recurrences.${r}`) }))}
          />
        </Grid>
        {!editing && (
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              {...register('password')}
              type="password"
              autoComplete="new-password"
              label={t('companies.fields.password')}
              fullWidth
              error={Boolean(errors.password)}
              helperText={fieldError(errors.password) ?? t('companies.passwordHint')}
            />
          </Grid>
        )}
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
        <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="company-save">
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
