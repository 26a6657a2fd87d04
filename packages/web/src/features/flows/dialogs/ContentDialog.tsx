/**
 * The content block (singleBlock, "Conteúdo"): a sequence of cards — texts, pauses, images, audio,
 * videos — sent in order. Saving checks the cards (automation §5), then sends every picked file in
 * one upload to `/flowbuilder/content`, a progress view in place of the form meanwhile.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { FLOW_INTERVAL_MAX_SECONDS, type FlowBlockElement } from '@balcao/contracts';
import { toastError } from '../../../lib/toast';
import type { MediaKind } from '../editor/mediaLimits';
import { uploadFlowMedia } from '../useFlows';
import { MediaPicker } from './MediaPicker';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';
import { UploadProgress } from './UploadProgress';
import { VariableChips } from './VariableChips';

const CARD_KINDS = ['message', 'interval', 'img', 'audio', 'video'] as const;
type CardKind = (typeof CARD_KINDS)[number];

interface Card {
  key: number;
  kind: CardKind;
  /** A text, the seconds, or a media file's stored name. */
  value: string;
  /** A media file's own name. */
  original?: string;
  record?: boolean;
  file?: File;
  fileError?: string;
}

const isMedia = (kind: CardKind): kind is MediaKind => kind === 'img' || kind === 'audio' || kind === 'video';
const kindOfElement = (e: FlowBlockElement): CardKind => CARD_KINDS.find((k) => e.number.startsWith(k)) ?? 'message';

let nextKey = 1;
const toCards = (elements: FlowBlockElement[] | undefined): Card[] =>
  (elements ?? []).map((e) => ({
    key: nextKey++,
    kind: kindOfElement(e),
    value: e.value,
    original: e.original,
    record: e.record,
  }));

/** The first rule the cards break, as the spec words it. */
function cardsProblem(cards: Card[]): string | null {
  if (cards.length === 0) return 'flows.validation.contentEmpty';
  if (cards.some((c) => c.kind === 'message' && !c.value.trim())) return 'flows.validation.emptyMessage';
  const badInterval = (c: Card) => {
    const n = Number(c.value);
    return !Number.isInteger(n) || n <= 0 || n > FLOW_INTERVAL_MAX_SECONDS;
  };
  if (cards.some((c) => c.kind === 'interval' && badInterval(c))) return 'flows.validation.contentInterval';
  if (cards.some((c) => isMedia(c.kind) && !c.file && !c.value)) return 'flows.validation.emptyMediaCards';
  return null;
}

export default function ContentDialog({ data, onSave, onClose }: NodeDialogProps<'singleBlock'>) {
  const { t } = useTranslation();
  const [cards, setCards] = useState(() => toCards(data?.elements));
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const update = (key: number, change: Partial<Card>) =>
    setCards((cs) => cs.map((c) => (c.key === key ? { ...c, ...change } : c)));

  const submit = async () => {
    const found = cardsProblem(cards);
    setProblem(found);
    if (found) return;
    let done = cards;
    const picked = cards.filter((c) => c.file);
    if (picked.length > 0) {
      setProgress(0);
      try {
        const names = await uploadFlowMedia(
          'content',
          picked.map((c) => c.file!),
          setProgress,
        );
        if (names.length !== picked.length) throw new Error(t('flows.media.noName'));
        done = cards.map((c) => {
          const i = picked.indexOf(c);
          return i < 0 ? c : { ...c, value: names[i]!, original: c.file!.name, file: undefined };
        });
        setCards(done);
      } catch (err) {
        toastError(err);
        return;
      } finally {
        setProgress(null);
      }
    }
    const elements: FlowBlockElement[] = done.map((c, i) => ({
      number: `${c.kind}${i}`,
      value: c.kind === 'interval' ? String(Number(c.value)) : c.value,
      original: c.original,
      record: c.kind === 'audio' ? Boolean(c.record) : false,
      type: c.kind,
    }));
    onSave({ seq: elements.map((e) => e.number), elements });
  };

  return (
    <NodeDialogFrame
      type="singleBlock"
      editing={Boolean(data)}
      onClose={onClose}
      onSubmit={submit}
      saving={progress !== null}
      maxWidth="md"
    >
      {progress !== null ? (
        <UploadProgress fraction={progress} />
      ) : (
        <>
          {problem && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="flow-content-problem">
              {t(problem)}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            {cards.map((card, i) => (
              <Paper
                key={card.key}
                variant="outlined"
                sx={{ p: 1.5 }}
                data-testid="flow-content-card"
                data-kind={card.kind}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle2" sx={{ flex: 1 }}>
                    {`${i + 1}. ${t(`flows.content.kinds.${card.kind}`)}`}
                  </Typography>
                  <IconButton
                    size="small"
                    aria-label={t('flows.content.removeCard', { n: i + 1 })}
                    onClick={() => setCards((cs) => cs.filter((c) => c.key !== card.key))}
                    data-testid="flow-content-card-remove"
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
                {card.kind === 'message' && (
                  <>
                    <TextField
                      value={card.value}
                      onChange={(e) => update(card.key, { value: e.target.value })}
                      label={t('flows.fields.message')}
                      multiline
                      minRows={2}
                      fullWidth
                      error={Boolean(problem) && !card.value.trim()}
                      slotProps={{ htmlInput: { maxLength: 4096, 'data-testid': 'flow-content-text' } }}
                    />
                    <VariableChips onPick={(v) => update(card.key, { value: card.value + v })} />
                  </>
                )}
                {card.kind === 'interval' && (
                  <TextField
                    value={card.value}
                    onChange={(e) => update(card.key, { value: e.target.value })}
                    label={t('flows.fields.seconds')}
                    type="number"
                    fullWidth
                    slotProps={{
                      htmlInput: { min: 1, max: FLOW_INTERVAL_MAX_SECONDS, 'data-testid': 'flow-content-seconds' },
                    }}
                  />
                )}
                {isMedia(card.kind) && (
                  <>
                    <MediaPicker
                      kind={card.kind}
                      inContent
                      fileName={card.file?.name ?? card.original ?? (card.value.split('/').pop() || undefined)}
                      error={card.fileError}
                      onPick={(file) => update(card.key, { file, fileError: undefined })}
                      onError={(fileError) => update(card.key, { fileError })}
                    />
                    {card.kind === 'audio' && (
                      <FormControlLabel
                        control={
                          <Checkbox
                            checked={Boolean(card.record)}
                            onChange={(e) => update(card.key, { record: e.target.checked })}
                          />
                        }
                        label={t('flows.media.record')}
                      />
                    )}
                  </>
                )}
              </Paper>
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {CARD_KINDS.map((kind) => (
              <Button
                key={kind}
                size="small"
                variant="outlined"
                startIcon={<AddIcon />}
                data-testid={`flow-content-add-${kind}`}
                onClick={() => setCards((cs) => [...cs, { key: nextKey++, kind, value: '' }])}
              >
                {t(`flows.content.kinds.${kind}`)}
              </Button>
            ))}
          </Box>
        </>
      )}
    </NodeDialogFrame>
  );
}
