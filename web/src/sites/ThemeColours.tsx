/** The two theme colours a new site starts from, each a colour input with its hex value. */
export function ThemeColours(props: {
  primary: string;
  secondary: string;
  onPrimary: (value: string) => void;
  onSecondary: (value: string) => void;
}) {
  const colours = [
    { label: 'Primary', value: props.primary, set: props.onPrimary },
    { label: 'Secondary', value: props.secondary, set: props.onSecondary },
  ];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-800">Theme colours</legend>
      <div className="grid grid-cols-2 gap-4">
        {colours.map((c) => (
          <label key={c.label} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-gray-300 ring-inset">
            <input
              type="color"
              value={c.value}
              onChange={(e) => c.set(e.target.value)}
              className="size-8 cursor-pointer rounded border-0 bg-transparent p-0"
            />
            <span>
              <span className="block font-medium text-gray-900">{c.label}</span>
              <span className="block font-mono text-xs text-gray-600 uppercase">{c.value}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
