/**
 * A date-time typed on the company's clock (`lib/zonedTime.ts`): a `datetime-local` input whose
 * value is that zone's wall clock, the zone named below it ("Horário da empresa: Horário Padrão de
 * Brasília (GMT-3)", its id on hover), and "Agora", which fills in the company's current time —
 * so a person in another zone neither types nor reads their own clock by mistake.
 */
import type { ReactNode, Ref } from 'react';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { zoneLabel, zonedNowInput } from '../zonedTime';

/** "Horário da empresa: …" for any field typed on the company's clock (times of day, days). */
export function ZoneNote({ timeZone, testId }: { timeZone: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span title={timeZone} data-testid={testId} data-zone={timeZone}>
      {t('zonedTime.zone', { zone: zoneLabel(timeZone, i18n.language) })}
    </span>
  );
}

export interface ZonedDateTimeFieldProps {
  /** `YYYY-MM-DDTHH:mm` on `timeZone`'s clock, or ''. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  timeZone: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** The field's error, shown instead of the hint. */
  error?: string;
  hint?: ReactNode;
  testId: string;
}

export function ZonedDateTimeField(props: ZonedDateTimeFieldProps) {
  const { t } = useTranslation();
  const { value, onChange, timeZone, testId, error, hint, disabled } = props;
  return (
    <TextField
      type="datetime-local"
      name={props.name}
      inputRef={props.inputRef}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onBlur={props.onBlur}
      label={props.label}
      required={props.required}
      disabled={disabled}
      fullWidth
      error={Boolean(error)}
      helperText={
        error ?? (
          <>
            {hint && (
              <>
                {hint}
                <br />
              </>
            )}
            <ZoneNote timeZone={timeZone} testId={`${testId}-zone`} />
          </>
        )
      }
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId, 'data-zone': timeZone },
        input: {
          endAdornment: disabled ? undefined : (
            <InputAdornment position="end">
              <Button
                size="small"
                onClick={() => onChange(zonedNowInput(timeZone))}
                title={t('zonedTime.nowHint')}
                data-testid={`${testId}-now`}
                sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
              >
                {t('zonedTime.now')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
