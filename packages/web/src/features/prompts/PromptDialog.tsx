/**
 * Add or edit an AI prompt (automation §4, §5): name (5–100), the prompt (50+), the model, max
 * tokens, temperature (0–1 by 0.1), the endpoint's key (shown masked, kept unless retyped), the
 * queue it hands customers to (required: the sector error), how many messages of history, and
 * the answer's voice (text, or a pt-BR voice with its Azure key and region).
 */
import { Controller, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PROMPT_MAX_MESSAGES, PROMPT_MAX_TOKENS, PROMPT_VOICES, type Prompt } from '@balcao/contracts';
import { applyServerErrors, useFieldError } from '../../lib/forms';
import { toastError, toastSuccess } from '../../lib/toast';
import { FormDialog, FormDialogBody } from '../../lib/ui/FormDialog';
import { SecretField } from '../../lib/ui/SecretField';
import { SelectField } from '../../lib/ui/SelectField';
import { queuesCrud } from '../queues/useQueues';
import { ModelField } from './ModelField';
import { fromPrompt, NEW_PROMPT, promptResolver, toBody, type PromptFormValues } from './promptForm';
import { useSavePrompt } from './usePrompts';

/** `pt-BR-FranciscaNeural` → `Francisca`. */
export const voiceLabel = (voice: string) => voice.replace(/^pt-BR-/, '').replace(/Neural$/, '');

export default function PromptDialog({ prompt, onClose }: { prompt?: Prompt; onClose: () => void }) {
  const { t } = useTranslation();
  const queues = queuesCrud.useList();
  return (
    <FormDialog
      title={prompt ? t('prompts.dialog.editTitle') : t('prompts.dialog.addTitle')}
      testId="prompt-dialog"
      maxWidth="md"
      onClose={onClose}
      // The queue picker is a native select: it mounts with its options, so a stored queue shows.
      loading={queues.isLoading}
    >
      <PromptForm
        prompt={prompt}
        queues={(queues.data ?? []).map((q) => ({ value: String(q.id), label: q.name }))}
        onClose={onClose}
      />
    </FormDialog>
  );
}

function PromptForm({
  prompt,
  queues,
  onClose,
}: {
  prompt?: Prompt;
  queues: Array<{ value: string; label: string }>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSavePrompt();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PromptFormValues>({
    resolver: promptResolver,
    defaultValues: prompt ? fromPrompt(prompt) : NEW_PROMPT,
  });
  const spoken = watch('voice') !== 'texto';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: prompt?.id, body: toBody(values) });
    } catch (err) {
      if (!applyServerErrors(err, setError)) toastError(err);
      return;
    }
    toastSuccess(t('prompts.toasts.saved'));
    onClose();
  });

  const field = (name: keyof PromptFormValues) => ({
    ...register(name),
    label: t(`prompts.fields.${name}`),
    fullWidth: true,
    error: Boolean(errors[name]),
    helperText: fieldError(errors[name]),
    slotProps: { htmlInput: { 'data-testid': `prompt-${name}` } },
  });

  return (
    <FormDialogBody onSubmit={onSubmit} saving={isSubmitting} saveTestId="prompt-save">
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <TextField {...field('name')} autoFocus />
        </Grid>
        <Grid size={12}>
          <TextField
            {...field('prompt')}
            multiline
            minRows={5}
            maxRows={14}
            helperText={fieldError(errors.prompt) ?? t('prompts.hints.prompt')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="model"
            render={({ field: f }) => (
              <ModelField
                value={f.value}
                onChange={f.onChange}
                label={t('prompts.fields.model')}
                error={Boolean(errors.model)}
                helperText={fieldError(errors.model)}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="apiKey"
            render={({ field: f }) => (
              <SecretField
                name={f.name}
                inputRef={f.ref}
                value={f.value}
                onChange={f.onChange}
                onBlur={f.onBlur}
                label={t('prompts.fields.apiKey')}
                fullWidth
                error={Boolean(errors.apiKey)}
                helperText={fieldError(errors.apiKey)}
                keptHint={t('prompts.hints.keptKey')}
                slotProps={{ htmlInput: { 'data-testid': 'prompt-apiKey' } }}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            {...register('queueId')}
            label={t('prompts.fields.queueId')}
            fullWidth
            placeholder={t('prompts.fields.chooseQueue')}
            options={queues}
            error={Boolean(errors.queueId)}
            helperText={fieldError(errors.queueId) ?? t('prompts.hints.queueId')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="temperature"
            render={({ field: f }) => (
              <Box sx={{ px: 1.5 }}>
                <FormLabel id="prompt-temperature-label" sx={{ fontSize: 12 }}>
                  {t('prompts.fields.temperature')}: {f.value.toFixed(1)}
                </FormLabel>
                <Slider
                  value={f.value}
                  // Steps of 0.1 by keyboard add up in floating point (0.7000000000000001).
                  onChange={(_e, v) => f.onChange(Math.round((v as number) * 10) / 10)}
                  onBlur={f.onBlur}
                  min={0}
                  max={1}
                  step={0.1}
                  marks={[
                    { value: 0, label: '0' },
                    { value: 1, label: '1' },
                  ]}
                  valueLabelDisplay="auto"
                  slotProps={{ input: { 'aria-labelledby': 'prompt-temperature-label', name: 'temperature' } }}
                  data-testid="prompt-temperature"
                />
                <FormHelperText error={Boolean(errors.temperature)} sx={{ mt: -0.5 }}>
                  {fieldError(errors.temperature) ?? t('prompts.hints.temperature')}
                </FormHelperText>
              </Box>
            )}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField
            {...field('maxTokens')}
            type="number"
            slotProps={{ htmlInput: { min: 1, max: PROMPT_MAX_TOKENS, step: 1, 'data-testid': 'prompt-maxTokens' } }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField
            {...field('maxMessages')}
            type="number"
            slotProps={{
              htmlInput: { min: 1, max: PROMPT_MAX_MESSAGES, step: 1, 'data-testid': 'prompt-maxMessages' },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <SelectField
            {...register('voice')}
            label={t('prompts.fields.voice')}
            fullWidth
            options={PROMPT_VOICES.map((v) => ({
              value: v,
              label: v === 'texto' ? t('prompts.voices.texto') : voiceLabel(v),
            }))}
            helperText={t('prompts.hints.voice')}
          />
        </Grid>
        {spoken && (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="voiceKey"
                render={({ field: f }) => (
                  <SecretField
                    name={f.name}
                    inputRef={f.ref}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    label={t('prompts.fields.voiceKey')}
                    fullWidth
                    error={Boolean(errors.voiceKey)}
                    helperText={fieldError(errors.voiceKey)}
                    keptHint={t('prompts.hints.keptKey')}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('voiceRegion')} placeholder="brazilsouth" />
            </Grid>
          </>
        )}
      </Grid>
    </FormDialogBody>
  );
}
