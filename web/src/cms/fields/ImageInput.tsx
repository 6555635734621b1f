import { InputField } from '../../settings/form/InputField.tsx';

/**
 * An image, file, svg or video value: the asset's file name (or a URL). The image picker of
 * web/src/pickers replaces this input when it lands.
 */
export function ImageInput({
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(next: string): void;
  error?: string;
  placeholder?: string;
}) {
  return (
    <InputField
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      placeholder={placeholder ?? 'photo.jpg'}
      className="font-mono text-xs"
    />
  );
}
