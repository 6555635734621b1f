import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '../../lib/messages.ts';
import { useStore } from '../../lib/store/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { InputField } from '../../ui/form/InputField.tsx';
import { useSite } from '../useSite.ts';
import { useSubmit } from '../../ui/useSubmit.ts';

/** The owner's danger zone: delete the site, typing its domain; it can be restored for 7 days. */
export function DeleteSite() {
  const site = useSite();
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="danger-zone" className="mt-10 rounded-lg px-4 py-4 ring-1 ring-red-200">
      <h2 id="danger-zone" className="text-[13px] font-semibold text-red-800">
        Delete site
      </h2>
      <p className="mt-1 text-xs leading-5 text-gray-700">
        Deletes {site.name} with its pages, collections, assets, versions and form submissions. You can restore it from the archive for 7
        days; after that it is gone for good.
      </p>
      <Button variant="danger" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        Delete site
      </Button>
      {open && <ConfirmDelete onClose={() => setOpen(false)} />}
    </section>
  );
}

function ConfirmDelete({ onClose }: { onClose(): void }) {
  const site = useSite();
  const deleteSite = useStore((s) => s.deleteSite);
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const { busy, errors, fail, clear, submit } = useSubmit();
  const matches = typed.trim().toLowerCase() === site.id;

  async function remove() {
    if (!matches) return fail('form', messages.siteDeleteConfirm);
    const outcome = await submit(() => deleteSite(site.id, typed.trim()), 'form');
    if (!outcome.error) void navigate('/archive/my', { replace: true });
  }

  return (
    <Modal
      title={`Delete ${site.name}?`}
      description="It can be restored from the archive for 7 days."
      onClose={onClose}
      size="sm"
      alert
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" size="sm" busy={busy} disabled={!matches} onClick={() => void remove()}>
            Delete site
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void remove();
        }}
      >
        <InputField
          label={`Type ${site.id} to confirm`}
          value={typed}
          onChange={(v) => {
            setTyped(v);
            clear();
          }}
          error={errors.get('form')}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
