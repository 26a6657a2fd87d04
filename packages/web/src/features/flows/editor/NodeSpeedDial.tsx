/** The speed-dial of node types: Inicio, Conteúdo, Menu … each opening its dialog (start is added at once). */
import { useState } from 'react';
import SpeedDial from '@mui/material/SpeedDial';
import SpeedDialAction from '@mui/material/SpeedDialAction';
import SpeedDialIcon from '@mui/material/SpeedDialIcon';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { FlowNodeType } from '@balcao/contracts';
import { useTranslation } from 'react-i18next';
import { NODE_KINDS } from './nodeKinds';

export function NodeSpeedDial({ onPick }: { onPick: (type: FlowNodeType) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Phones: smaller labels and columns closer, so a second column fits the canvas.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <SpeedDial
      ariaLabel={t('flows.editor.addNode')}
      icon={<SpeedDialIcon />}
      direction="down"
      open={open}
      onOpen={(_e, reason) => reason !== 'mouseEnter' && reason !== 'focus' && setOpen(true)}
      onClose={(_e, reason) => reason !== 'mouseLeave' && reason !== 'blur' && setOpen(false)}
      FabProps={{ size: 'medium', 'data-testid': 'flow-speed-dial' } as object}
      sx={{
        position: 'absolute',
        top: 12,
        bottom: 12,
        left: 12,
        zIndex: 5,
        alignItems: 'flex-start',
        // Fourteen types do not fit one column on a laptop: the list wraps into a second one.
        '& .MuiSpeedDial-actions': { flexWrap: 'wrap', alignContent: 'flex-start', flex: '1 1 auto', minHeight: 0 },
      }}
    >
      {NODE_KINDS.map(({ type, icon: Icon, color }) => (
        <SpeedDialAction
          key={type}
          icon={<Icon sx={{ color }} />}
          slotProps={{
            tooltip: { title: t(`flows.nodes.${type}`), placement: 'right', open: true },
            fab: { size: 'small', 'data-testid': `flow-add-${type}` } as object,
            // Room for the label on the right, so a second column does not cover it.
            staticTooltip: { style: { marginRight: narrow ? 116 : 150 } },
            staticTooltipLabel: narrow ? { style: { fontSize: 13, padding: '2px 8px' } } : undefined,
          }}
          onClick={() => {
            setOpen(false);
            onPick(type);
          }}
        />
      ))}
    </SpeedDial>
  );
}
