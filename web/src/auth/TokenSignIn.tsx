import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useStore } from '../lib/store/index.ts';
import { CenteredForm } from '../ui/CenteredForm.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Spinner } from '../ui/Icon.tsx';

/** Token login (after Google or GitHub): home when it works (or the code step), the login when it does not. */
export default function AuthToken() {
  useDocumentTitle('Signing in');
  const { token = '' } = useParams();
  const loginWithToken = useStore((s) => s.loginWithToken);
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // One-time tokens work once: never post twice, even when React mounts twice in development.
    if (started.current) return;
    started.current = true;
    void loginWithToken(token).then((outcome) => {
      const next = outcome.error ? '/auth/login' : outcome.data === 'two-factor' ? '/auth/2fa' : '/';
      void navigate(next, { replace: true });
    });
  }, [token, loginWithToken, navigate]);

  return (
    <CenteredForm title="Signing you in…">
      <div role="status" className="flex justify-center py-4 text-brand-600">
        <Spinner className="size-6" />
        <span className="sr-only">Signing you in</span>
      </div>
    </CenteredForm>
  );
}
