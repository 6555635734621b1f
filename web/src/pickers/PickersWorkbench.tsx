import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useEditor } from '../editor/store/context.tsx';
import { ColorInput } from './ColorInput.tsx';
import { RichTextPopup } from './richtext/index.tsx';
import type { Block } from './richtext/richtext.ts';
import { buttonClass } from './ui.tsx';

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

/** Every picker of web/src/pickers opened from one page, with what it returned. */
export function PickersWorkbench() {
  const { siteId = '' } = useParams();
  const colors = useEditor((s) => s.site?.style?.theme.colors) ?? {};
  const [color, setColor] = useState<string | null>('primary-l9');
  const [rich, setRich] = useState<Block[] | string>('[{"type":"h2","value":"Welcome"},{"type":"p","value":"We bake **bread** every day."}]');
  const [richOpen, setRichOpen] = useState(false);

  return (
    <main className="mx-auto w-full max-w-3xl overflow-auto px-6 py-4">
      <h1 className="mb-2 text-[15px] font-semibold text-gray-900">Pickers</h1>
      <Row label="Color" result={color ?? ''}>
        <div className="w-56">
          <ColorInput label="Color" value={color} colors={colors} onChange={setColor} onClear={() => setColor(null)} />
        </div>
      </Row>
      <Row label="Rich text" result={typeof rich === 'string' ? rich : JSON.stringify(rich)}>
        <button type="button" className={buttonClass} onClick={() => setRichOpen(true)}>
          Edit richtext
        </button>
        {richOpen && <RichTextPopup value={rich} siteId={siteId} onChange={setRich} onClose={() => setRichOpen(false)} />}
      </Row>
    </main>
  );
}
