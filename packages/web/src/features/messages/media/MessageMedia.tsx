/**
 * A message's content by its mediaType (operations §2): image, audio player, video, document
 * (application), location, shared contact (vcard / contactMessage) and call log. Returns whether
 * the body was shown as part of the content (location, vCard and call texts are).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CallIcon from '@mui/icons-material/CallOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlineOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { useTranslation } from 'react-i18next';
import type { Message } from '@balcao/contracts';
import { parseLocation, parseVCards } from './parse';
import { useMediaBlob } from './useMediaBlob';

/** Kinds whose text is the content itself (shown here, not again as the body). */
export const SELF_DESCRIBING = new Set(['location', 'locationMessage', 'vcard', 'contactMessage', 'call_log']);

const FILE_KINDS = new Set(['image', 'sticker', 'audio', 'video', 'document', 'application']);

export const hasFile = (m: Pick<Message, 'mediaType'>) => FILE_KINDS.has(m.mediaType);

export const messageMediaPath = (id: number) => `/api/messages/${id}/media`;

function FileUnavailable({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="media-unavailable">
      {t('tickets.thread.mediaUnavailable', { name })}
    </Typography>
  );
}

function FileMedia({ message: m, onLoad }: { message: Message; onLoad?: () => void }) {
  const { t } = useTranslation();
  // `mediaUrl` is the file's storage key; the server serves it at the message's media address.
  const media = useMediaBlob(m.mediaUrl ? messageMediaPath(m.id) : null);
  const name = m.mediaName || t(`tickets.thread.kinds.${m.mediaType}`, { defaultValue: m.mediaType });
  if (media.status === 'loading')
    return <Skeleton variant="rounded" width={220} height={m.mediaType === 'audio' ? 40 : 140} />;
  if (media.status !== 'ready') return <FileUnavailable name={name} />;
  switch (m.mediaType) {
    case 'image':
    case 'sticker':
      return (
        <Link href={media.src} target="_blank" rel="noopener" sx={{ display: 'block', lineHeight: 0 }}>
          <Box
            component="img"
            src={media.src}
            alt={name}
            onLoad={onLoad}
            data-testid="message-image"
            sx={{
              maxWidth: '100%',
              width: m.mediaType === 'sticker' ? 140 : 280,
              maxHeight: 320,
              objectFit: 'cover',
              borderRadius: 1,
            }}
          />
        </Link>
      );
    case 'audio':
      return (
        <Box
          component="audio"
          controls
          src={media.src}
          onLoadedMetadata={onLoad}
          sx={{ width: 260, maxWidth: '100%' }}
          data-testid="message-audio"
        />
      );
    case 'video':
      return (
        <Box
          component="video"
          controls
          src={media.src}
          onLoadedMetadata={onLoad}
          sx={{ width: 320, maxWidth: '100%', maxHeight: 320, borderRadius: 1 }}
          data-testid="message-video"
        />
      );
    default:
      return (
        <Button
          component="a"
          href={media.src}
          download={name}
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          sx={{ textTransform: 'none', maxWidth: '100%' }}
          data-testid="message-document"
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {name}
          </Box>
        </Button>
      );
  }
}

function LocationMedia({ body }: { body: string }) {
  const { t } = useTranslation();
  const { link, lines } = parseLocation(body);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="message-location">
      <PlaceIcon color="error" />
      <Box sx={{ minWidth: 0 }}>
        {lines.map((l, i) => (
          <Typography key={i} variant="body2" sx={{ fontWeight: i === 0 ? 600 : 400 }}>
            {l}
          </Typography>
        ))}
        {link && (
          <Link href={link} target="_blank" rel="noopener noreferrer" variant="body2">
            {t('tickets.thread.openMap')}
          </Link>
        )}
      </Box>
    </Stack>
  );
}

function VCardMedia({ body }: { body: string }) {
  const { t } = useTranslation();
  const cards = parseVCards(body);
  if (cards.length === 0) return <Typography variant="body2">{body}</Typography>;
  return (
    <Stack spacing={1} data-testid="message-vcard">
      {cards.map((c, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <PersonIcon />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {c.name || t('tickets.thread.kinds.vcard')}
            </Typography>
            {c.numbers.map((n) => (
              <Typography key={n} variant="body2" color="text.secondary">
                {n}
              </Typography>
            ))}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

export function MessageMedia({ message: m, onLoad }: { message: Message; onLoad?: () => void }) {
  switch (m.mediaType) {
    case 'location':
      return <LocationMedia body={m.body} />;
    case 'vcard':
      return <VCardMedia body={m.body} />;
    case 'call_log':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="message-call">
          <CallIcon color="action" />
          <Typography variant="body2">{m.body}</Typography>
        </Stack>
      );
    default:
      return hasFile(m) ? <FileMedia message={m} onLoad={onLoad} /> : null;
  }
}
