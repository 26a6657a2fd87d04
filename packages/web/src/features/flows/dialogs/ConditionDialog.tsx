/** A condition: compare variable `key` with `value`; true leaves by `a`, false by `b`. */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FLOW_CONDITIONS, flowVariableKey, type FlowCondition } from '@balcao/contracts';
import { useFieldError } from '../../../lib/forms';
import { SelectField } from '../../../lib/ui/SelectField';
import { readVariables } from '../editor/flowVariables';
import { NodeDialogFrame, type NodeDialogProps } from './NodeDialogFrame';

export default function ConditionDialog({ data, onSave, onClose }: NodeDialogProps<'condition'>) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [variables] = useState(readVariables);
  const [key, setKey] = useState(data?.key ?? '');
  const [condition, setCondition] = useState<FlowCondition>(data?.condition ?? 'equals');
  const [value, setValue] = useState(data?.value ?? '');
  const [tried, setTried] = useState(false);
  const parsed = flowVariableKey.safeParse(key);
  const keyError = tried && !parsed.success ? fieldError({ message: parsed.error.issues[0]?.message }) : undefined;
  const submit = () => {
    setTried(true);
    if (parsed.success) onSave({ key: parsed.data, condition, value });
  };
  return (
    <NodeDialogFrame type="condition" editing={Boolean(data)} onClose={onClose} onSubmit={submit}>
      <Autocomplete
        freeSolo
        options={variables}
        inputValue={key}
        onInputChange={(_e, v) => setKey(v)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('flows.fields.conditionKey')}
            margin="dense"
            autoFocus
            error={Boolean(keyError)}
            helperText={keyError}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'flow-condition-key', maxLength: 50 },
            }}
          />
        )}
      />
      <SelectField
        name="condition"
        label={t('flows.fields.condition')}
        value={condition}
        onChange={(e) => setCondition(e.target.value as FlowCondition)}
        options={FLOW_CONDITIONS.map((c) => ({ value: c, label: t(`flows.conditions.${c}`) }))}
        fullWidth
        margin="dense"
      />
      <TextField
        label={t('flows.fields.conditionValue')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { 'data-testid': 'flow-condition-value', maxLength: 1000 } }}
      />
    </NodeDialogFrame>
  );
}
