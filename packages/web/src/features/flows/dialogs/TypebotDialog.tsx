/** A typebot hand-over: the typebot's address and its session settings. */
import { useState } from 'react';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FlowNodeData } from '@balcao/contracts';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';

type Typebot = FlowNodeData['typebot']['typebotIntegration'];
/** The text fields and their lengths (the contract's). */
const TEXT_FIELDS = {
  name: 100,
  urlN8N: 500,
  typebotSlug: 200,
  typebotKeywordFinish: 100,
  typebotKeywordRestart: 100,
  typebotRestartMessage: 1000,
  typebotUnknownMessage: 1000,
} as const;

export default function TypebotDialog({ data, onSave, onClose }: NodeDialogProps<'typebot'>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Typebot>(
    data?.typebotIntegration ?? { typebotExpires: 1, typebotDelayMessage: 1000 },
  );
  const set = (field: keyof Typebot, value: string | number | undefined) =>
    setValues((v) => ({ ...v, [field]: value }));
  const number = (s: string) => (s.trim() === '' ? undefined : Math.max(0, Math.round(Number(s)) || 0));
  return (
    <NodeDialogFrame
      type="typebot"
      editing={Boolean(data)}
      onClose={onClose}
      onSubmit={() => onSave({ typebotIntegration: values })}
    >
      <Grid container spacing={1}>
        {(Object.keys(TEXT_FIELDS) as (keyof typeof TEXT_FIELDS)[]).map((field) => (
          <Grid key={field} size={{ xs: 12, sm: field === 'name' || field === 'urlN8N' ? 12 : 6 }}>
            <TextField
              label={t(`flows.typebot.${field}`)}
              value={values[field] ?? ''}
              onChange={(e) => set(field, e.target.value)}
              fullWidth
              margin="dense"
              autoFocus={field === 'name'}
              slotProps={{ htmlInput: { 'data-testid': `flow-typebot-${field}`, maxLength: TEXT_FIELDS[field] } }}
            />
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('flows.typebot.typebotExpires')}
            type="number"
            value={values.typebotExpires ?? ''}
            onChange={(e) => set('typebotExpires', number(e.target.value))}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { min: 0, max: 10000 } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t('flows.typebot.typebotDelayMessage')}
            type="number"
            value={values.typebotDelayMessage ?? ''}
            onChange={(e) => set('typebotDelayMessage', number(e.target.value))}
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { min: 0, max: 60000, step: 100 } }}
          />
        </Grid>
      </Grid>
    </NodeDialogFrame>
  );
}
