/**
 * Create or edit a user (operations §2 users page). Profile and queues show only with the
 * user-modal permissions; connection and allTicket only for admins. Rules come from the shared
 * schemas (userBody / userUpdateBody); server field errors land under their fields.
 */
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type User, userBody, userUpdateBody } from '@balcao/contracts';
import { useCurrentUser } from '../../app/providers/AuthProvider';
import { access } from '../../app/routing/access';
import { api } from '../../lib/api';
import { applyServerErrors, useFieldError, withRequired } from '../../lib/forms';
import { can } from '../../lib/permissions';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { SelectField } from '../../lib/ui/SelectField';
import { useConnections } from '../connections/useConnections';
import { QueuesSelect } from './QueuesSelect';
import { invalidateUsers } from './useUsers';
import { useUser } from './useUserOptions';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  /** Asked when someone changes their own password. */
  currentPassword: string;
  profile: 'admin' | 'user';
  queueIds: number[];
  whatsappId: number | null;
  allTicket: 'enable' | 'disable';
}

/** The form's first values: the user's, or a new one's. */
const initialValues = (u?: User): UserFormValues => ({
  name: u?.name ?? '',
  email: u?.email ?? '',
  password: '',
  currentPassword: '',
  profile: u?.profile ?? 'user',
  queueIds: u?.queueIds ?? [],
  whatsappId: u?.whatsappId ?? null,
  allTicket: u?.allTicket ?? 'disable',
});

// The schemas' input types are looser (coerced ids); the form keeps its own precise shape.
const createResolver = withRequired(zodResolver(userBody)) as unknown as Resolver<UserFormValues>;
const updateResolver = withRequired(zodResolver(userUpdateBody)) as unknown as Resolver<UserFormValues>;

interface Props {
  userId?: number;
  onClose: () => void;
  onSaved?: (user: User) => void;
}

export default function UserDialog({ userId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const isEdit = Boolean(userId);
  // `GET /users/{id}`: admins read anyone of the company, everyone else themself.
  const existing = useUser(userId);
  const user = existing.data;
  return (
    <FormDialog
      title={isEdit ? t('users.dialog.editTitle') : t('users.dialog.addTitle')}
      testId="user-dialog"
      onClose={onClose}
      loading={isEdit && existing.isLoading}
      failed={isEdit && !user && existing.isError}
      onRetry={() => void existing.refetch()}
    >
      {/* Mounted with its values: fields filled from the start. */}
      <UserForm user={user} onClose={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}

function UserForm({ user, onClose, onSaved }: { user?: User } & Omit<Props, 'userId'>) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const isEdit = Boolean(user);
  const canProfile = can(me, 'user-modal:editProfile');
  const canQueues = can(me, 'user-modal:editQueues');
  const isAdmin = access.admin(me);
  const connections = useConnections(isAdmin);

  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues>({
    resolver: isEdit ? updateResolver : createResolver,
    defaultValues: initialValues(user),
  });
  // Changing one's own password takes the current one (the server refuses it without).
  const asksCurrent = user?.id === me.id && Boolean(watch('password'));

  const onSubmit = handleSubmit(async (values) => {
    const body: Record<string, unknown> = { name: values.name, email: values.email };
    if (values.password) body.password = values.password;
    if (values.password && asksCurrent) body.currentPassword = values.currentPassword;
    if (canProfile) body.profile = values.profile;
    if (canQueues) body.queueIds = values.queueIds;
    if (isAdmin) {
      body.whatsappId = values.whatsappId;
      body.allTicket = values.allTicket;
    }
    try {
      const saved = user ? await api.put<User>(`/users/${user.id}`, body) : await api.post<User>('/users', body);
      toastSuccess(t('users.toasts.saved'));
      void invalidateUsers(queryClient);
      onSaved?.(saved);
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
    }
  });

  return (
    <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="user-save">
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...register('name')}
            label={t('users.fields.name')}
            autoFocus
            fullWidth
            error={Boolean(errors.name)}
            helperText={fieldError(errors.name)}
          />
          <TextField
            {...register('email')}
            label={t('users.fields.email')}
            type="email"
            autoComplete="off"
            fullWidth
            error={Boolean(errors.email)}
            helperText={fieldError(errors.email)}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...register('password')}
            label={t('users.fields.password')}
            type="password"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.password)}
            helperText={fieldError(errors.password) ?? (isEdit ? t('users.dialog.passwordHint') : undefined)}
          />
          {asksCurrent && (
            <TextField
              {...register('currentPassword')}
              label={t('users.fields.currentPassword')}
              type="password"
              autoComplete="current-password"
              fullWidth
              error={Boolean(errors.currentPassword)}
              helperText={fieldError(errors.currentPassword) ?? t('users.dialog.currentPasswordHint')}
              slotProps={{ htmlInput: { 'data-testid': 'user-current-password' } }}
            />
          )}
          {canProfile && (
            <SelectField
              {...register('profile')}
              label={t('users.fields.profile')}
              fullWidth
              options={[
                { value: 'admin', label: t('users.profiles.admin') },
                { value: 'user', label: t('users.profiles.user') },
              ]}
            />
          )}
        </Stack>
        {canQueues && (
          <Controller
            control={control}
            name="queueIds"
            render={({ field }) => <QueuesSelect value={field.value} onChange={field.onChange} />}
          />
        )}
        {isAdmin && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="whatsappId"
              render={({ field }) => (
                <SelectField
                  name="whatsappId"
                  label={t('users.fields.whatsapp')}
                  fullWidth
                  value={field.value == null ? '' : String(field.value)}
                  onChange={(e) => field.onChange(e.target.value ? Number(e.target.value) : null)}
                  placeholder={t('users.dialog.noConnection')}
                  options={(connections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                />
              )}
            />
            <SelectField
              {...register('allTicket')}
              label={t('users.fields.allTicket')}
              fullWidth
              options={[
                { value: 'enable', label: t('common.enabled') },
                { value: 'disable', label: t('common.disabled') },
              ]}
            />
          </Stack>
        )}
      </Stack>
    </FormDialogBody>
  );
}
