/**
 * An image, audio or video node: one file, uploaded when the dialog is saved (`POST
 * /flowbuilder/img` for images, `/audio` for audio, `/content` for video), the stored name kept as
 * `url`. Audio may be sent as if recorded on the spot.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTranslation } from 'react-i18next';
import type { FlowNodeData } from '@balcao/contracts';
import { toastError } from '../../../lib/toast';
import type { MediaKind } from '../editor/mediaLimits';
import { uploadFlowMedia } from '../useFlows';
import { MediaPicker } from './MediaPicker';
import { NodeDialogFrame } from './NodeDialogFrame';
import { UploadProgress } from './UploadProgress';

type MediaData = FlowNodeData['audio'];
const ENDPOINT = { img: 'img', audio: 'audio', video: 'content' } as const;

export default function MediaDialog({
  kind,
  data,
  onSave,
  onClose,
}: {
  kind: MediaKind;
  data?: MediaData;
  onSave: (data: MediaData) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [record, setRecord] = useState(data?.record ?? false);
  const [error, setError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async () => {
    if (!file && !data?.url) return setError(t('flows.media.required'));
    let url = data?.url ?? '';
    if (file) {
      setProgress(0);
      try {
        const [name] = await uploadFlowMedia(ENDPOINT[kind], [file], setProgress);
        if (!name) throw new Error(t('flows.media.noName'));
        url = name;
      } catch (err) {
        toastError(err);
        return;
      } finally {
        setProgress(null);
      }
    }
    onSave(kind === 'img' ? { url } : { url, record: kind === 'audio' ? record : false });
  };

  return (
    <NodeDialogFrame type={kind} editing={Boolean(data)} onClose={onClose} onSubmit={submit} saving={progress !== null}>
      {progress !== null ? (
        <UploadProgress fraction={progress} />
      ) : (
        <>
          {kind === 'video' && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('flows.media.mp4Warning')}
            </Alert>
          )}
          <MediaPicker
            kind={kind}
            fileName={file?.name ?? data?.url.split('/').pop()}
            error={error}
            onPick={(f) => (setFile(f), setError(undefined))}
            onError={setError}
          />
          {kind === 'audio' && (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Checkbox checked={record} onChange={(e) => setRecord(e.target.checked)} />}
              label={t('flows.media.record')}
            />
          )}
        </>
      )}
    </NodeDialogFrame>
  );
}
