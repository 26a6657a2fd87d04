import { useTranslation } from 'react-i18next';
import { SelectField } from './SelectField';

/** A yes/no native select bound to a boolean value. */
export function BoolSelect({
  name,
  label,
  value,
  onChange,
  trueLabel,
  falseLabel,
}: {
  name: string;
  label: string;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  trueLabel?: string;
  falseLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      name={name}
      label={label}
      fullWidth
      value={value ? 'true' : 'false'}
      onChange={(e) => onChange(e.target.value === 'true')}
      options={[
        { value: 'true', label: trueLabel ?? t('common.yes') },
        { value: 'false', label: falseLabel ?? t('common.no') },
      ]}
    />
  );
}
