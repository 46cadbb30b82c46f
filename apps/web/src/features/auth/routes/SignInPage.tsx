import { useSearchParams } from 'react-router';
import { embeddedTokenInUrl } from '../../../lib/session/embedded.ts';
import { EmbeddedSignIn } from '../components/EmbeddedSignIn.tsx';
import { SignInForm } from '../components/SignInForm.tsx';

/** /signin: the form, or the app-embedded token sign-in when continueUrl carries tokenA / tokenI. */
export function SignInPage() {
  const [params] = useSearchParams();
  const continueUrl = params.get('continueUrl');
  const token = embeddedTokenInUrl(continueUrl);
  if (token && continueUrl) return <EmbeddedSignIn token={token} continueUrl={continueUrl} />;

  const notice =
    params.get('verified') === '1' ? 'verified' : params.get('reset') === '1' ? 'passwordChanged' : null;
  // A used or expired magic link comes back as ?error=<CODE>.
  const linkError = params.get('error') !== null;
  return (
    <SignInForm
      continueUrl={continueUrl}
      initialEmail={params.get('email') ?? ''}
      notice={notice}
      linkError={linkError}
    />
  );
}
