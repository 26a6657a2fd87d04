import TextField, { type TextFieldProps } from '@mui/material/TextField';

export interface Option {
  value: string;
  label: string;
}

/**
 * A native select (keyboard and phone friendly; `name` is on the real <select>, so tests can
 * pick a value by the API field name).
 */
export function SelectField({
  options,
  placeholder,
  slotProps,
  ...props
}: Omit<TextFieldProps, 'select' | 'children'> & { options: Option[]; placeholder?: string }) {
  return (
    <TextField
      {...props}
      select
      slotProps={{ ...slotProps, select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
}
