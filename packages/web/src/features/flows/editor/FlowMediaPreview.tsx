/**
 * A stored flow file shown in its node: the image, or a player for audio and video. Files are
 * private (`GET /flowbuilder/media?name=`, staff only), so they are fetched with the session's
 * token and shown from memory.
 */
import Box from '@mui/material/Box';
import { useMediaBlob } from '../../messages/media/useMediaBlob';

export const flowMediaUrl = (name: string) => `/api/flowbuilder/media?name=${encodeURIComponent(name)}`;

export function FlowMediaPreview({ kind, name }: { kind: 'img' | 'audio' | 'video'; name: string }) {
  const media = useMediaBlob(flowMediaUrl(name));
  if (media.status !== 'ready') return null;
  const sx = { display: 'block', width: '100%', maxHeight: 120, mt: 0.5, borderRadius: 1, objectFit: 'cover' } as const;
  if (kind === 'img') return <Box component="img" src={media.src} alt="" sx={sx} data-testid="flow-media-preview" />;
  return (
    // nodrag: the player's controls take the pointer, not the canvas.
    <Box
      component={kind}
      className="nodrag"
      src={media.src}
      controls
      preload="metadata"
      sx={{ ...sx, height: kind === 'audio' ? 32 : undefined }}
      data-testid="flow-media-preview"
    />
  );
}
