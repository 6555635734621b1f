import { FOOTER, HEADER } from '../../site/store/document.ts';
import { useEditor } from '../../site/store/context.tsx';
import { INPUT, INVALID, Row, Toggle } from '../../ui/form/controls.tsx';
import { InputField } from '../../ui/form/InputField.tsx';
import {
  ADD_ITEM,
  categoriesOf,
  cleanList,
  colorForPicker,
  colorFromPicker,
  fieldTitle,
  inLanguage,
  isLocalized,
  type Field,
  withLanguageValue,
} from '../values.ts';
import { ColorInput } from '../../ui/pickers/ColorInput.tsx';
import { GradientInput } from './GradientInput.tsx';
import { GalleryInput, ImageInput } from './ImageInput.tsx';
import { ListInput } from './ListInput.tsx';
import { RichTextInput } from './RichTextInput.tsx';

interface Props {
  field: Field;
  /** The stored value (a localized value is `{ _loc: true, en: …, fi: … }`). */
  value: unknown;
  onChange(next: unknown): void;
  /** The language the panel edits; localizable fields keep their other languages. */
  language: string;
  main: string;
  error?: string;
  siteId: string;
}

const asText = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const asList = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' && v ? [v] : [];

/** The input of one field of an item, by the field's type (spec 002 §3 field types). */
export function FieldInput({ field, value, onChange, language, main, error, siteId }: Props) {
  const label = fieldTitle(field, main) + (field.localizable && language !== main ? ` (${language})` : '');
  const shown = field.localizable
    ? isLocalized(value)
      ? new Map(Object.entries(value)).get(language)
      : language === main
        ? value
        : undefined
    : inLanguage(value, main, main);
  const placeholder =
    typeof inLanguage(field.placeholder, main, main) === 'string' ? String(inLanguage(field.placeholder, main, main)) : undefined;
  const set = (next: unknown) => onChange(withLanguageValue(field, value, next, language, main));
  const text = (next: string) => set(next === '' ? null : next);

  switch (field.type) {
    case 'published':
      return (
        <Toggle
          id={`cms-field-${field.id}`}
          label={label}
          help="Page visible on the website"
          on={value !== false}
          onChange={(on) => onChange(on)}
        />
      );
    case 'boolean':
      // A template's yes/no field (not a type of spec 002 §3, but sites carry it): a toggle, as in the table.
      return <Toggle id={`cms-field-${field.id}`} label={label} on={value === true} onChange={(on) => onChange(on)} />;
    case 'number':
      return (
        <InputField
          label={label}
          type="number"
          value={asText(shown)}
          onChange={(v) => set(v === '' ? null : Number.isNaN(Number(v)) ? v : Number(v))}
          error={error}
          placeholder={placeholder}
          required={field.required}
        />
      );
    case 'date':
      return (
        <InputField label={label} type="date" value={asText(shown).slice(0, 10)} onChange={text} error={error} required={field.required} />
      );
    case 'enum': {
      const options = categoriesOf(field);
      const id = `cms-field-${field.id}`;
      return (
        <Row id={id} label={label} error={error}>
          <select
            id={id}
            value={asText(shown) || options[0] || ''}
            onChange={(e) => set(e.target.value)}
            className={`${INPUT} ${error ? INVALID : ''} h-8`}
          >
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </Row>
      );
    }
    case 'gallery':
      return <GalleryInput label={label} values={asList(shown)} onChange={(next) => set(cleanList(next))} error={error} siteId={siteId} />;
    case 'gradient':
      return <GradientInput label={label} value={value} onChange={(next) => onChange(next)} error={error} />;
    case 'page':
      return <PageInput id={`cms-field-${field.id}`} label={label} value={asText(shown)} onChange={text} error={error} />;
    case 'list':
      return (
        <ListInput label={label} values={asList(shown)} onChange={(next) => set(cleanList(next))} placeholder={ADD_ITEM} error={error} />
      );
    case 'richtext':
      return <RichTextInput label={label} value={shown} onChange={set} error={error} siteId={siteId} />;
    case 'image':
    case 'svg':
    case 'video':
    case 'file':
    case 'icon':
      return (
        <ImageInput
          label={label}
          value={asText(shown)}
          onChange={text}
          error={error}
          placeholder={placeholder}
          siteId={siteId}
          type={field.type}
        />
      );
    case 'vcard':
      return (
        <div>
          <p className="text-xs font-medium text-gray-800">{label}</p>
          <p className="mt-1 text-xs text-gray-600">
            The vCard file is made from this item&apos;s fields, as the field&apos;s settings say.
          </p>
        </div>
      );
    case 'slug':
      return (
        <InputField
          label={label}
          value={asText(shown)}
          onChange={text}
          error={error}
          placeholder={placeholder ?? 'my-item'}
          className="font-mono text-xs"
          required={field.required}
        />
      );
    case 'color':
      return <ColorField id={`cms-field-${field.id}`} label={label} value={asText(shown)} onChange={text} error={error} />;
    default:
      return (
        <InputField label={label} value={asText(shown)} onChange={text} error={error} placeholder={placeholder} required={field.required} />
      );
  }
}

/** A page field: one of the site's pages by its id (the header and footer are not pages one links to). */
/** An input of one text value with its label and message. */
interface TextValueProps {
  id: string;
  label: string;
  value: string;
  onChange(next: string): void;
  error?: string;
}

function PageInput({ id, label, value, onChange, error }: TextValueProps) {
  const pages = useEditor((s) => s.pages);
  const choices = pages.filter((p) => p.id !== HEADER && p.id !== FOOTER);
  return (
    <Row id={id} label={label} error={error}>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${INPUT} ${error ? INVALID : ''} h-8`}>
        <option value="">No page</option>
        {value && !choices.some((p) => p.id === value) && <option value={value}>{value} (not found)</option>}
        {choices.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name && p.name !== p.id ? `${p.name} (${p.id})` : p.id}
          </option>
        ))}
      </select>
    </Row>
  );
}

/**
 * A colour field (spec 002 §3 "Color and gradient values": a theme name and shade, or hex, plus
 * opacity 0-100): the swatch and the value on a button that opens the same colour picker as the
 * editor's, in the site's theme; 'Default' clears it.
 */
function ColorField({ id, label, value, onChange, error }: TextValueProps) {
  const colors = useEditor((s) => s.site?.style?.theme?.colors) ?? {};
  return (
    <Row id={id} label={label} error={error}>
      <ColorInput
        id={id}
        label={label}
        value={value ? colorForPicker(value) : null}
        colors={colors}
        onChange={(next) => onChange(colorFromPicker(next))}
        onClear={() => onChange('')}
        large
      />
    </Row>
  );
}
