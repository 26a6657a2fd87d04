import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import PlayIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import type { Help } from '@balcao/contracts';
import { thumbnailUrl } from './useHelps';

/** A video card; the thumbnail falls back to a play icon when it cannot load (offline …). */
export function HelpVideoCard({ help, onOpen }: { help: Help; onOpen: (help: Help) => void }) {
  const [broken, setBroken] = useState(!help.video);
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="help-card">
      <CardActionArea onClick={() => onOpen(help)} sx={{ height: '100%', alignItems: 'stretch' }}>
        <Box
          sx={{
            aspectRatio: '16 / 9',
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {broken ? (
            <PlayIcon sx={{ fontSize: 56, color: 'text.secondary' }} />
          ) : (
            <Box
              component="img"
              src={thumbnailUrl(help.video ?? '')}
              alt=""
              loading="lazy"
              onError={() => setBroken(true)}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
        </Box>
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }} gutterBottom>
            {help.title}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {help.description}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
