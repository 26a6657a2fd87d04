/**
 * The campaign settings' custom variables (automation §2, §5): a shortcut key and its value, used
 * in messages as `{{key}}`. A key is added only when no variable uses it yet; any one is removed.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { campaignVariable } from '@balcao/contracts';
import { useFieldError } from '../../lib/forms';

type Variable = { key: string; value: string };

export function CampaignVariablesField({ value, onChange }: { value: Variable[]; onChange: (v: Variable[]) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [key, setKey] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<{ key?: string; value?: string }>({});

  const add = () => {
    const parsed = campaignVariable.safeParse({ key, value: text });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      const keyIssue = issue('key');
      return setError({
        key: keyIssue === 'invalidKey' ? t('campaigns.settings.invalidKey') : fieldError({ message: keyIssue }),
        value: fieldError({ message: issue('value') }),
      });
    }
    if (value.some((v) => v.key === parsed.data.key)) return setError({ key: t('campaigns.settings.keyInUse') });
    onChange([...value, parsed.data]);
    setKey('');
    setText('');
    setError({});
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          size="small"
          label={t('campaigns.settings.key')}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          error={Boolean(error.key)}
          helperText={error.key ?? t('campaigns.settings.keyHint')}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-variable-key', maxLength: 50 } }}
        />
        <TextField
          size="small"
          label={t('campaigns.settings.value')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          error={Boolean(error.value)}
          helperText={error.value}
          sx={{ flexGrow: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'campaign-variable-value' } }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} data-testid="campaign-variable-add">
          {t('campaigns.settings.addVariable')}
        </Button>
      </Stack>
      {value.length === 0 ? (
        <Typography color="text.secondary" data-testid="campaign-variables-empty">
          {t('campaigns.settings.noVariables')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="campaign-variables">
          {value.map((v) => (
            <ListItem
              key={v.key}
              divider
              data-testid="campaign-variable-row"
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('campaigns.settings.removeVariable', { key: v.key })}
                  onClick={() => onChange(value.filter((x) => x.key !== v.key))}
                  data-testid="campaign-variable-remove"
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={`{{${v.key}}}`}
                secondary={v.value}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
