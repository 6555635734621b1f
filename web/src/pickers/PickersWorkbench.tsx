import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useEditor } from '../editor/store/context.tsx';
import { AiTextButton } from './AiTextButton.tsx';
import { ColorInput } from './ColorInput.tsx';
import { GradientEditor } from './GradientEditor.tsx';
import { IconPicker } from './IconPicker.tsx';
import { FilesPopup, ImagePicker } from './ImagePicker.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';
import { RichInput, RichTextPopup } from './richtext/index.tsx';
import type { Block } from './richtext/richtext.ts';
import { ScreenAreaPopup } from './ScreenAreaPopup.tsx';
import { buttonClass, fieldClass } from './ui.tsx';

function Row({ label, children, result }: { label: string; children: ReactNode; result: string }) {
  return (
    <div className="grid grid-cols-[160px_minmax(0,1fr)] items-start gap-3 border-b border-gray-100 py-2">
      <span className="pt-1 text-[12px] font-medium text-gray-700">{label}</span>
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex items-center gap-2">{children}</div>
        <output aria-label={`${label} value`} className="font-mono text-[11px] break-all whitespace-pre-wrap text-gray-600">
          {result}
        </output>
      </div>
    </div>
  );
}

type Open = 'rich' | 'gradient' | 'image' | 'svg' | 'files' | 'icon' | 'languages' | 'screen' | null;

/** Every picker of web/src/pickers opened from one page, with what it returned. */
export function PickersWorkbench() {
  const { siteId = '' } = useParams();
  const colors = useEditor((s) => s.site?.style?.theme.colors) ?? {};
  const [open, setOpen] = useState<Open>(null);
  const [color, setColor] = useState<string | null>('primary-l9');
  const [rich, setRich] = useState<Block[] | string>(
    '[{"type":"h2","value":"Welcome"},{"type":"p","value":"We bake **bread** every day."}]',
  );
  const [gradientSource, setGradientSource] = useState('');
  const [gradient, setGradient] = useState('');
  const [image, setImage] = useState('');
  const [svg, setSvg] = useState('');
  const [file, setFile] = useState('');
  const [icon, setIcon] = useState('');
  const [languages, setLanguages] = useState<string[]>(['en']);
  const [screen, setScreen] = useState('');
  const [text, setText] = useState('we bake good bread every day');
  const [headline, setHeadline] = useState('Fresh **bread** daily');
  const button = (which: Exclude<Open, null>, label: string) => (
    <button type="button" className={buttonClass} onClick={() => setOpen(which)}>
      {label}
    </button>
  );
  const close = () => setOpen(null);

  return (
    <main className="mx-auto w-full max-w-3xl overflow-auto px-6 py-4">
      <h1 className="mb-2 text-[15px] font-semibold text-gray-900">Pickers</h1>
      <Row label="Color" result={color ?? ''}>
        <div className="w-56">
          <ColorInput label="Color" value={color} colors={colors} onChange={setColor} onClear={() => setColor(null)} />
        </div>
      </Row>
      <Row label="Rich text" result={typeof rich === 'string' ? rich : JSON.stringify(rich)}>
        {button('rich', 'Edit richtext')}
        {open === 'rich' && <RichTextPopup value={rich} siteId={siteId} onChange={setRich} onClose={close} />}
      </Row>
      <Row label="Headline" result={headline}>
        <div className="w-80">
          <RichInput label="Headline" value={headline} onCommit={setHeadline} />
        </div>
      </Row>
      <Row label="Gradient" result={gradient}>
        <input
          aria-label="Stored gradient"
          value={gradientSource}
          onChange={(e) => setGradientSource(e.target.value)}
          className={`${fieldClass} w-64`}
        />
        {button('gradient', 'Edit gradient')}
        {open === 'gradient' && (
          <GradientEditor value={gradientSource || null} colors={colors} onChange={(g) => setGradient(JSON.stringify(g))} onClose={close} />
        )}
      </Row>
      <Row label="Image" result={image}>
        <input aria-label="Current image" value={image} onChange={(e) => setImage(e.target.value)} className={`${fieldClass} w-64`} />
        {button('image', 'Select image')}
        {open === 'image' && <ImagePicker siteId={siteId} value={image || null} onChange={setImage} onClose={close} />}
      </Row>
      <Row label="SVG" result={svg}>
        {button('svg', 'Select SVG')}
        {open === 'svg' && <ImagePicker siteId={siteId} kind="svg" value={svg || null} onChange={setSvg} onClose={close} />}
      </Row>
      <Row label="File" result={file}>
        {button('files', 'Select file')}
        {open === 'files' && <FilesPopup siteId={siteId} value={file || null} onChange={setFile} onClose={close} />}
      </Row>
      <Row label="Icon" result={icon}>
        {button('icon', 'Select icon')}
        {open === 'icon' && <IconPicker value={icon || null} onChange={setIcon} onClose={close} />}
      </Row>
      <Row label="Languages" result={languages.join(',')}>
        {button('languages', 'Select languages')}
        {open === 'languages' && <LanguagePicker value={languages} max={2} onChange={setLanguages} onClose={close} />}
      </Row>
      <Row label="Screen area" result={screen}>
        {button('screen', 'Define screen area')}
        {open === 'screen' && (
          <ScreenAreaPopup
            image={
              "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300'><rect width='400' height='300' rx='24' fill='%23111827'/><rect x='40' y='30' width='320' height='220' fill='%23e5e7eb'/></svg>"
            }
            value={screen || null}
            onChange={setScreen}
            onClose={close}
          />
        )}
      </Row>
      <Row label="Text" result={text}>
        <input aria-label="Text" value={text} onChange={(e) => setText(e.target.value)} className={`${fieldClass} w-72`} />
        <AiTextButton siteId={siteId} label="Text" text={text} onResult={setText} />
      </Row>
    </main>
  );
}
