import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '../../messages.ts';
import { useStore } from '../../stores/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { InputField } from '../form/InputField.tsx';
import { useSite } from '../useSite.ts';

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const matches = typed.trim().toLowerCase() === site.id;

  async function submit() {
    if (!matches) return setError(messages.siteDeleteConfirm);
    setBusy(true);
    const outcome = await deleteSite(site.id, typed.trim());
    setBusy(false);
    if (outcome.error) return setError(outcome.error.error);
    void navigate('/archive/my', { replace: true });
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
          <Button variant="danger" size="sm" busy={busy} disabled={!matches} onClick={() => void submit()}>
            Delete site
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <InputField
          label={`Type ${site.id} to confirm`}
          value={typed}
          onChange={(v) => {
            setTyped(v);
            setError(null);
          }}
          error={error}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
      </form>
    </Modal>
  );
}
