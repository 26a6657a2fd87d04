/**
 * A Dialogflow integration's fields: the agent's project, its language, the service account key
 * (pasted, or read from a picked .json) and "Test bot", which asks the agent through the server.
 * An edited integration's key comes masked: it is sent back as is (the stored key stays) unless
 * a new one is given, and the test needs the file again.
 */
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrowOutlined';
import { useTranslation } from 'react-i18next';
import { DIALOGFLOW_LANGUAGES, readServiceAccount, SECRET_MASK, type IntegrationTestBody } from '@balcao/contracts';
import { useFieldError } from '../../lib/forms';
import { toastError } from '../../lib/toast';
import { SelectField } from '../../lib/ui/SelectField';
import type { IntegrationFormValues } from './integrationForm';
import { useTestDialogflow } from './useQueueIntegrations';

/** A key file is a few KB; anything much larger is not one. */
const MAX_KEY_FILE = 64 * 1024;

export function DialogflowFields({ form }: { form: UseFormReturn<IntegrationFormValues> }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const test = useTestDialogflow();
  const picker = useRef<HTMLInputElement>(null);
  const {
    register,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = form;
  const jsonContent = watch('jsonContent');
  const keyReadable = readServiceAccount(jsonContent) !== undefined;
  // The stored key, masked: it cannot be tested (the server tests the key it is given).
  const keyMasked = !keyReadable && jsonContent.includes(SECRET_MASK);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_KEY_FILE) return toastError(new Error(t('queueIntegrations.dialogflow.notAKey')));
    const content = await file.text();
    const account = readServiceAccount(content);
    if (!account) return toastError(new Error(t('queueIntegrations.dialogflow.notAKey')));
    setValue('jsonContent', content, { shouldValidate: true, shouldDirty: true });
    if (!getValues('projectName').trim()) setValue('projectName', account.project_id, { shouldDirty: true });
    test.reset();
  };

  const runTest = () => {
    const v = getValues();
    const body: IntegrationTestBody = {
      projectName: v.projectName,
      jsonContent: v.jsonContent,
      language: v.language as IntegrationTestBody['language'],
    };
    test.mutate(body, { onError: (err) => toastError(err) });
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 7 }}>
        <TextField
          {...register('projectName')}
          label={t('queueIntegrations.fields.projectName')}
          fullWidth
          error={Boolean(errors.projectName)}
          helperText={fieldError(errors.projectName)}
          slotProps={{ htmlInput: { 'data-testid': 'integration-projectName' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 5 }}>
        <SelectField
          {...register('language')}
          label={t('queueIntegrations.fields.language')}
          fullWidth
          options={DIALOGFLOW_LANGUAGES.map((l) => ({ value: l, label: t(`queueIntegrations.languages.${l}`) }))}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          {...register('jsonContent', { onChange: () => test.reset() })}
          label={t('queueIntegrations.fields.jsonContent')}
          fullWidth
          multiline
          minRows={4}
          maxRows={10}
          error={Boolean(errors.jsonContent)}
          helperText={fieldError(errors.jsonContent) ?? t('queueIntegrations.hints.jsonContent')}
          slotProps={{
            htmlInput: { spellCheck: false, 'data-testid': 'integration-jsonContent' },
            input: { sx: { fontFamily: 'monospace', fontSize: 12 } },
          }}
        />
      </Grid>
      <Grid size={12}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <input
            ref={picker}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="integration-key-file"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => picker.current?.click()}>
            {t('queueIntegrations.dialogflow.pickKey')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PlayArrowIcon />}
            onClick={runTest}
            disabled={!keyReadable || test.isPending}
            data-testid="integration-test"
          >
            {test.isPending ? t('queueIntegrations.dialogflow.testing') : t('queueIntegrations.dialogflow.test')}
          </Button>
        </Box>
      </Grid>
      {keyMasked && (
        <Grid size={12}>
          <Alert severity="info" variant="outlined">
            {t('queueIntegrations.dialogflow.maskedKey')}
          </Alert>
        </Grid>
      )}
      {test.data && (
        <Grid size={12}>
          <Alert severity={test.data.ok ? 'success' : 'error'} data-testid="integration-test-result">
            {test.data.ok ? t('queueIntegrations.dialogflow.ok') : t('queueIntegrations.dialogflow.failed')}
            {test.data.replies.map((r, i) => (
              <Box key={i} component="q" sx={{ display: 'block', mt: 0.5, whiteSpace: 'pre-wrap' }}>
                {r}
              </Box>
            ))}
            {test.data.error && (
              <Box component="span" sx={{ display: 'block', mt: 0.5, wordBreak: 'break-word' }}>
                {test.data.error}
              </Box>
            )}
          </Alert>
        </Grid>
      )}
    </Grid>
  );
}
