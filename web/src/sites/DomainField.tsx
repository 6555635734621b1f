import { TextField } from '../ui/Field.tsx';
import { Icon, Spinner } from '../ui/Icon.tsx';
import type { DomainCheck } from './domainCheck.ts';

/** The domain of a new site, with the availability check's progress and verdict below it. */
export function DomainField(props: {
  value: string;
  error: string | null | undefined;
  check: DomainCheck | null;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { error, check } = props;
  return (
    <div>
      <TextField
        label="Domain"
        name="domain"
        value={props.value}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        error={error}
        placeholder="example.com"
        hint="The domain becomes the site's ID and cannot be changed later."
      />
      <p className="mt-1.5 h-5 text-sm" aria-live="polite">
        {!error && check?.state === 'checking' && (
          <span className="inline-flex items-center gap-1.5 text-gray-600">
            <Spinner className="size-3.5" /> Checking availability…
          </span>
        )}
        {!error && check?.state === 'valid' && (
          <span className="inline-flex items-center gap-1.5 text-emerald-700">
            <Icon name="check" className="size-4" /> Available
          </span>
        )}
      </p>
    </div>
  );
}
