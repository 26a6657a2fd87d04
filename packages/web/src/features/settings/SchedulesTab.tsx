/** Company business hours (7 rows, HH:MM), shown when scheduleType is "company". */
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { type ScheduleDay, schedulesBody, WEEKDAYS } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { toastError, toastSuccess } from '../../lib/toast';
import { ErrorState } from '../../lib/ui/ErrorState';
import { PageLoader } from '../../lib/ui/PageLoader';
import { WeekHoursFields } from '../../lib/ui/WeekHoursFields';
import { useCompany, useSaveSchedules } from '../companies/useCompanies';

interface Values {
  schedules: ScheduleDay[];
}

/** The stored hours in weekday order; a day without a row gets empty times. */
function toRows(stored: ScheduleDay[] | undefined): ScheduleDay[] {
  return WEEKDAYS.map((d) => {
    const row = stored?.find((s) => s.weekdayEn === d.weekdayEn);
    return {
      weekday: row?.weekday ?? d.weekday,
      weekdayEn: d.weekdayEn,
      startTime: row?.startTime ?? '',
      endTime: row?.endTime ?? '',
    };
  });
}

const resolver = zodResolver(schedulesBody);

export function SchedulesTab() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.company.timezone;
  const company = useCompany(user.companyId);
  const save = useSaveSchedules(user.companyId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: { schedules: toRows(undefined) } });

  useEffect(() => {
    if (company.data) reset({ schedules: toRows(company.data.schedules) });
  }, [company.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values.schedules);
      toastSuccess(t('settings.toasts.schedulesSaved'));
    } catch (err) {
      toastError(err);
    }
  });

  if (company.isLoading) return <PageLoader />;
  if (company.isError) return <ErrorState onRetry={() => void company.refetch()} />;

  return (
    <Stack component="form" onSubmit={onSubmit} noValidate spacing={2} data-testid="schedules-form">
      <WeekHoursFields register={register} errors={errors} timeZone={timeZone} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="schedules-save">
          {t('common.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
