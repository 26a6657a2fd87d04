/** Add a flow or rename one: its name, 2 to 50 characters (Muito curto!, Muito longo!, Digite um nome!). */
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { flowBody, type Flow, type FlowBody } from '@balcao/contracts';
import { applyServerErrors } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { useSaveFlowName } from './useFlows';

const resolver = zodResolver(flowBody) as unknown as Resolver<FlowBody>;

export default function FlowNameDialog({ flow, onClose }: { flow?: Flow; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFlowName();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FlowBody>({ resolver, defaultValues: { name: flow?.name ?? '' } });

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await save.mutateAsync({ id: flow?.id, name });
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
      return;
    }
    toastSuccess(t(flow ? 'flows.toasts.renamed' : 'flows.toasts.created'));
    onClose();
  });

  // The spec's own words: empty, too short, too long.
  const problem = errors.name?.message;
  const helper = !problem
    ? undefined
    : !watch('name').trim()
      ? t('flows.validation.nameRequired')
      : problem === 'tooShort'
        ? t('flows.validation.nameShort')
        : problem === 'tooLong'
          ? t('flows.validation.nameLong')
          : t(`validation.${problem}`, { defaultValue: t('validation.invalid') });

  return (
    <FormDialog
      title={flow ? t('flows.nameDialog.editTitle') : t('flows.nameDialog.addTitle')}
      testId="flow-name-dialog"
      onClose={onClose}
    >
      <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="flow-name-save">
        <TextField
          {...register('name')}
          label={t('flows.fields.name')}
          autoFocus
          fullWidth
          margin="dense"
          error={Boolean(problem)}
          helperText={helper}
          slotProps={{ htmlInput: { 'data-testid': 'flow-name-input' } }}
        />
      </FormDialogBody>
    </FormDialog>
  );
}
