/**
 * A campaign on a Cloud API connection may send one of the connection's approved templates instead
 * of its messages (then every contact gets the template, never free text). Its texts may hold the
 * campaign variables ({{firstName}}, {{name}}, {{email}}, {{number}}, the settings' own), filled
 * per contact. Nothing shows for the other providers. The schedule dialog uses it too, with its own
 * texts (`texts`, `testId`).
 */
import { useQuery } from '@tanstack/react-query';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Connection, TemplateList } from '@balcao/contracts';
import { api } from '../../lib/api';
import { approvedMatching, previewOf } from '../messages/composer/templates';

export interface TemplateChoice {
  name: string;
  language: string;
  variables: string[];
}

interface Props {
  connection: Pick<Connection, 'id' | 'provider'> | undefined;
  value: TemplateChoice;
  onChange: (v: TemplateChoice) => void;
  disabled?: boolean;
  error?: string;
  /** The hint and the "no template" choice, when not the campaign's. */
  texts?: { hint: string; none: string };
  testId?: string;
}

export function CampaignTemplateField({
  connection,
  value,
  onChange,
  disabled,
  error,
  texts,
  testId = 'campaign',
}: Props) {
  const { t } = useTranslation();
  const cloud = connection?.provider === 'cloud';
  const templates = useQuery({
    queryKey: ['whatsapp', connection?.id, 'templates'],
    queryFn: () => api.get<TemplateList>(`/whatsapp/${connection!.id}/templates`),
    enabled: cloud,
    staleTime: 60_000,
  });
  if (!cloud) return null;
  const approved = approvedMatching(templates.data?.templates ?? [], '');
  const key = (name: string, language: string) => (name ? `${name}|${language}` : '');
  const chosen = approved.find((tpl) => key(tpl.name, tpl.language) === key(value.name, value.language));

  const choose = (picked: string) => {
    const tpl = approved.find((x) => key(x.name, x.language) === picked);
    onChange(
      tpl
        ? {
            name: tpl.name,
            language: tpl.language,
            variables: Array.from({ length: tpl.variables }, (_, i) => value.variables[i] ?? ''),
          }
        : { name: '', language: '', variables: [] },
    );
  };

  return (
    <Stack spacing={1} data-testid={`${testId}-template`}>
      <TextField
        select
        fullWidth
        label={t('campaigns.template.label')}
        value={key(value.name, value.language)}
        onChange={(e) => choose(e.target.value)}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ?? texts?.hint ?? t('campaigns.template.hint')}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-templateName` } }}
      >
        <MenuItem value="">{texts?.none ?? t('campaigns.template.none')}</MenuItem>
        {approved.map((tpl) => (
          <MenuItem key={key(tpl.name, tpl.language)} value={key(tpl.name, tpl.language)}>
            {tpl.name} ({tpl.language})
          </MenuItem>
        ))}
      </TextField>
      {chosen && (
        <>
          <Typography variant="body2" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap' }}>
            {previewOf(chosen, value.variables)}
          </Typography>
          {value.variables.map((text, i) => (
            <TextField
              key={i}
              size="small"
              label={`{{${i + 1}}}`}
              value={text}
              disabled={disabled}
              placeholder="{{firstName}}"
              slotProps={{ htmlInput: { 'data-testid': `${testId}-templateVariable-${i + 1}` } }}
              onChange={(e) =>
                onChange({ ...value, variables: value.variables.map((v, j) => (j === i ? e.target.value : v)) })
              }
            />
          ))}
        </>
      )}
    </Stack>
  );
}
