import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { INPUT, INVALID, Row } from './controls.tsx';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  help?: ReactNode;
  multiline?: boolean;
}

/** A plain controlled field for panels and dialogs (the settings forms use the store's fields). */
export function InputField({ label, value, onChange, error, help, multiline, className = '', ...rest }: Props) {
  const id = useId();
  const common = {
    id,
    value,
    'aria-invalid': Boolean(error) || undefined,
    'aria-describedby': error || help ? `${id}-message` : undefined,
    className: `${INPUT} ${error ? INVALID : ''} ${className}`,
  };
  return (
    <Row id={id} label={label} error={error} help={help}>
      {multiline ? (
        <textarea
          rows={4}
          {...common}
          onChange={(e) => onChange(e.target.value)}
          className={`${common.className} resize-y py-1.5 leading-5`}
        />
      ) : (
        <input {...rest} {...common} onChange={(e) => onChange(e.target.value)} className={`${common.className} h-8`} />
      )}
    </Row>
  );
}
