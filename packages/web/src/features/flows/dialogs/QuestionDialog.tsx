/**
 * A question: its text, and the variable its answer is stored under (`answerKey`), remembered in
 * the browser so later text fields offer it.
 */
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { flowVariableKey } from '@balcao/contracts';
import { useFieldError } from '../../../lib/forms';
import { rememberVariable } from '../editor/flowVariables';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';
import { FlowTextField } from './FlowTextField';

export default function QuestionDialog({ data, onSave, onClose }: NodeDialogProps<'question'>) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [message, setMessage] = useState(data?.typebotIntegration.message ?? '');
  const [answerKey, setAnswerKey] = useState(data?.typebotIntegration.answerKey ?? '');
  const [tried, setTried] = useState(false);
  const key = flowVariableKey.safeParse(answerKey);
  const messageError = tried && !message.trim() ? t('flows.validation.emptyMessage') : undefined;
  const keyError = tried && !key.success ? fieldError({ message: key.error.issues[0]?.message }) : undefined;
  const submit = () => {
    setTried(true);
    if (!message.trim() || !key.success) return;
    rememberVariable(key.data);
    onSave({ typebotIntegration: { message, answerKey: key.data } });
  };
  return (
    <NodeDialogFrame type="question" editing={Boolean(data)} onClose={onClose} onSubmit={submit}>
      <FlowTextField
        label={t('flows.fields.question')}
        value={message}
        onChange={setMessage}
        error={messageError}
        testId="flow-question-message"
      />
      <TextField
        label={t('flows.fields.answerKey')}
        value={answerKey}
        onChange={(e) => setAnswerKey(e.target.value)}
        fullWidth
        margin="dense"
        error={Boolean(keyError)}
        helperText={keyError ?? t('flows.fields.answerKeyHint')}
        slotProps={{ htmlInput: { 'data-testid': 'flow-question-key', maxLength: 50 } }}
      />
    </NodeDialogFrame>
  );
}
