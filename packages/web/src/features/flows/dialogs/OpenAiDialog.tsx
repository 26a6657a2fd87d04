/** An OpenAI step: the prompt run inside the flow, its key, voice and limits, and its queue. */
import { useState } from 'react';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FlowNodeData } from '@balcao/contracts';
import { SecretField } from '../../../lib/ui/SecretField';
import { SelectField } from '../../../lib/ui/SelectField';
import { useQueues } from '../../tickets/useReferenceData';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';

type OpenAi = FlowNodeData['openai']['typebotIntegration'];

/** Text only, or one of the pt-BR neural voices (automation §3). */
const VOICES = [
  'texto',
  ...[
    'Francisca',
    'Antonio',
    'Brenda',
    'Donato',
    'Elza',
    'Fabio',
    'Giovanna',
    'Humberto',
    'Julio',
    'Leila',
    'Leticia',
    'Manuela',
    'Nicolau',
    'Valerio',
    'Yara',
  ].map((name) => `pt-BR-${name}Neural`),
];

export default function OpenAiDialog({ data, onSave, onClose }: NodeDialogProps<'openai'>) {
  const { t } = useTranslation();
  const { queues } = useQueues();
  const [v, setValues] = useState<OpenAi>(
    data?.typebotIntegration ?? { voice: 'texto', temperature: 1, maxTokens: 100, maxMessages: 10 },
  );
  const [tried, setTried] = useState(false);
  const set = <K extends keyof OpenAi>(field: K, value: OpenAi[K]) => setValues((old) => ({ ...old, [field]: value }));
  const missing = (field: 'name' | 'apiKey' | 'prompt') => tried && !v[field]?.trim();
  const submit = () => {
    setTried(true);
    if (!v.name?.trim() || !v.apiKey?.trim() || !v.prompt?.trim()) return;
    onSave({ typebotIntegration: v });
  };
  const text = (field: 'name' | 'prompt' | 'voiceRegion', max: number, extra = {}) => (
    <TextField
      label={t(`flows.openai.${field}`)}
      value={v[field] ?? ''}
      onChange={(e) => set(field, e.target.value)}
      fullWidth
      margin="dense"
      error={field === 'voiceRegion' ? false : missing(field)}
      helperText={field !== 'voiceRegion' && missing(field) ? t('validation.required') : undefined}
      slotProps={{ htmlInput: { maxLength: max, 'data-testid': `flow-openai-${field}` } }}
      {...extra}
    />
  );
  /** A key answered masked (the stored one): kept when left as shown, replaced when typed over. */
  const secret = (field: 'apiKey' | 'voiceKey', required: boolean) => (
    <SecretField
      label={t(`flows.openai.${field}`)}
      value={v[field] ?? ''}
      onChange={(value) => set(field, value)}
      keptHint={t('prompts.hints.keptKey')}
      fullWidth
      margin="dense"
      error={required && missing('apiKey')}
      helperText={required && missing('apiKey') ? t('validation.required') : undefined}
      slotProps={{ htmlInput: { maxLength: 300, 'data-testid': `flow-openai-${field}` } }}
    />
  );
  const num = (s: string) => (s.trim() === '' ? undefined : Number(s));
  return (
    <NodeDialogFrame type="openai" editing={Boolean(data)} onClose={onClose} onSubmit={submit} maxWidth="md">
      <Grid container spacing={1}>
        <Grid size={{ xs: 12, sm: 6 }}>{text('name', 100, { autoFocus: true })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{secret('apiKey', true)}</Grid>
        <Grid size={12}>{text('prompt', 10000, { multiline: true, minRows: 4 })}</Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <SelectField
            name="voice"
            label={t('flows.openai.voice')}
            value={v.voice ?? 'texto'}
            onChange={(e) => set('voice', e.target.value)}
            options={VOICES.map((voice) => ({
              value: voice,
              label: voice === 'texto' ? t('flows.openai.textOnly') : voice,
            }))}
            fullWidth
            margin="dense"
          />
        </Grid>
        {v.voice && v.voice !== 'texto' && (
          <>
            <Grid size={{ xs: 12, sm: 4 }}>{secret('voiceKey', false)}</Grid>
            <Grid size={{ xs: 12, sm: 4 }}>{text('voiceRegion', 50)}</Grid>
          </>
        )}
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label={t('flows.openai.temperature')}
            type="number"
            value={v.temperature ?? ''}
            onChange={(e) => set('temperature', num(e.target.value))}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { min: 0, max: 1, step: 0.1 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label={t('flows.openai.maxTokens')}
            type="number"
            value={v.maxTokens ?? ''}
            onChange={(e) => set('maxTokens', num(e.target.value))}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { min: 1, max: 100000 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label={t('flows.openai.maxMessages')}
            type="number"
            value={v.maxMessages ?? ''}
            onChange={(e) => set('maxMessages', num(e.target.value))}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { min: 1, max: 1000 } }}
          />
        </Grid>
        <Grid size={12}>
          <SelectField
            name="queueId"
            label={t('flows.fields.queue')}
            value={v.queueId ? String(v.queueId) : ''}
            onChange={(e) => set('queueId', e.target.value ? Number(e.target.value) : null)}
            options={queues.map((q) => ({ value: String(q.id), label: q.name }))}
            placeholder={t('flows.fields.noQueue')}
            fullWidth
            margin="dense"
          />
        </Grid>
      </Grid>
    </NodeDialogFrame>
  );
}
