/** A randomizer: `percent` % of runs leave by `a`, the rest by `b` (0 to 100, steps of 10). */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';

export default function RandomizerDialog({ data, onSave, onClose }: NodeDialogProps<'randomizer'>) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(data ? Number(data.percent) : 50);
  return (
    <NodeDialogFrame type="randomizer" editing={Boolean(data)} onClose={onClose} onSubmit={() => onSave({ percent })}>
      <Typography id="flow-randomizer-label" gutterBottom>
        {t('flows.fields.percent')}
      </Typography>
      <Box sx={{ px: 1 }}>
        <Slider
          value={percent}
          onChange={(_e, v) => setPercent(v as number)}
          min={0}
          max={100}
          step={10}
          marks
          valueLabelDisplay="auto"
          aria-labelledby="flow-randomizer-label"
          data-testid="flow-randomizer-percent"
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('flows.fields.percentSplit', { a: percent, b: 100 - percent })}
      </Typography>
    </NodeDialogFrame>
  );
}
