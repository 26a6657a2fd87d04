/**
 * Create or edit a flow campaign (automation §2, §5): name, the flow it starts, the connection it
 * listens on, the phrase, and whether it is active. Empty fields are flagged red.
 */
import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FlowCampaign } from '@balcao/contracts';
import { useFieldError } from '../../lib/forms';
import { isApiError } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { SelectField } from '../../lib/ui/SelectField';
import { useConnectionList } from '../tickets/useReferenceData';
import { useAllFlows, useSaveFlowCampaign } from './useFlowCampaigns';

interface Values {
  name: string;
  flowId: string;
  whatsappId: string;
  phrase: string;
  status: boolean;
}
type Field = Exclude<keyof Values, 'status'>;
const REQUIRED: Field[] = ['name', 'flowId', 'whatsappId', 'phrase'];

export default function FlowCampaignDialog({ campaign, onClose }: { campaign?: FlowCampaign; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const flows = useAllFlows();
  const connections = useConnectionList();
  const save = useSaveFlowCampaign();
  const [values, setValues] = useState<Values>({
    name: campaign?.name ?? '',
    flowId: campaign ? String(campaign.flowId) : '',
    whatsappId: campaign?.whatsappId ? String(campaign.whatsappId) : '',
    phrase: campaign?.phrase ?? '',
    status: campaign?.status ?? true,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: keyof Values, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field as Field]: _gone, ...rest }) => rest);
  };

  const submit = async () => {
    const missing = Object.fromEntries(
      REQUIRED.filter((f) => !values[f].trim()).map((f) => [
        f,
        t(f === 'whatsappId' ? 'flowCampaigns.validation.connection' : 'validation.required'),
      ]),
    );
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    try {
      await save.mutateAsync({
        id: campaign?.id,
        status: values.status,
        body: {
          name: values.name.trim(),
          flowId: Number(values.flowId),
          whatsappId: Number(values.whatsappId),
          phrase: values.phrase.trim(),
        },
      });
    } catch (err) {
      // A field the server refused (a flow or connection gone meanwhile) shows under that field.
      const fields = isApiError(err) && err.code === 'ERR_VALIDATION' ? Object.entries(err.fields ?? {}) : [];
      const mine = fields.filter(([f]) => (REQUIRED as string[]).includes(f));
      if (mine.length > 0) setErrors(Object.fromEntries(mine.map(([f, m]) => [f, fieldError({ message: m })])));
      else toastError(err);
      return;
    }
    toastSuccess(t('flowCampaigns.toasts.saved'));
    onClose();
  };

  return (
    <FormDialog
      title={campaign ? t('flowCampaigns.dialog.editTitle') : t('flowCampaigns.dialog.addTitle')}
      testId="flow-campaign-dialog"
      onClose={onClose}
      loading={flows.isLoading || connections.isLoading}
    >
      <FormDialogBody onSubmit={submit} saving={save.isPending} saveTestId="flow-campaign-save">
        <TextField
          label={t('flowCampaigns.fields.name')}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          autoFocus
          fullWidth
          margin="dense"
          error={Boolean(errors.name)}
          helperText={errors.name}
          slotProps={{ htmlInput: { name: 'name', maxLength: 50, 'data-testid': 'flow-campaign-name' } }}
        />
        <SelectField
          name="flowId"
          label={t('flowCampaigns.fields.flow')}
          value={values.flowId}
          onChange={(e) => set('flowId', e.target.value)}
          options={(flows.data ?? []).map((f) => ({ value: String(f.id), label: f.name }))}
          placeholder={t('flowCampaigns.fields.chooseFlow')}
          fullWidth
          margin="dense"
          error={Boolean(errors.flowId)}
          helperText={errors.flowId}
        />
        <SelectField
          name="whatsappId"
          label={t('flowCampaigns.fields.connection')}
          value={values.whatsappId}
          onChange={(e) => set('whatsappId', e.target.value)}
          options={(connections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          placeholder={t('flowCampaigns.fields.chooseConnection')}
          fullWidth
          margin="dense"
          error={Boolean(errors.whatsappId)}
          helperText={errors.whatsappId}
        />
        <TextField
          label={t('flowCampaigns.fields.phrase')}
          value={values.phrase}
          onChange={(e) => set('phrase', e.target.value)}
          fullWidth
          margin="dense"
          error={Boolean(errors.phrase)}
          helperText={errors.phrase ?? t('flowCampaigns.fields.phraseHint')}
          slotProps={{ htmlInput: { name: 'phrase', maxLength: 200, 'data-testid': 'flow-campaign-phrase' } }}
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={values.status}
              onChange={(e) => set('status', e.target.checked)}
              slotProps={{ input: { 'data-testid': 'flow-campaign-status' } as object }}
            />
          }
          label={values.status ? t('flows.status.active') : t('flows.status.inactive')}
        />
      </FormDialogBody>
    </FormDialog>
  );
}
