/** The answer keys questions collected (browser storage `variables`), offered as `{{key}}` for a text. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { readVariables } from '../editor/flowVariables';

export function VariableChips({ onPick }: { onPick: (text: string) => void }) {
  const { t } = useTranslation();
  const [variables] = useState(readVariables);
  if (variables.length === 0) return null;
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 0.5 }}
      data-testid="flow-variables"
    >
      <Typography variant="caption" color="text.secondary">
        {t('flows.dialog.variables')}
      </Typography>
      {variables.map((v) => (
        <Chip key={v} size="small" label={`{{${v}}}`} onClick={() => onPick(`{{${v}}}`)} />
      ))}
    </Box>
  );
}
