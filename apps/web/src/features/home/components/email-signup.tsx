import { isSignupEmailValid, SIGNUP_MESSAGES } from '@outpost/contracts/site';
import { type FormEvent, useId, useState } from 'react';
import { useLiveValue } from '../../../lib/live-value';
import { useHydrated } from '../../../lib/use-hydrated';
import styles from './email-signup.module.css';

// The data layer is not part of the first visit: the count and the call load once the page is interactive.
const watchCount = () => import('../api/signup-count').then((api) => api.watchSignupCount);
const loadSignup = () => import('../api/signup-for-emails').then((api) => api.signupForEmails);

type Notice = { tone: 'ok' | 'error'; text: string };

/** The landing page's launch-updates signup (docs/product.md §5.1, §7.2). */
export function EmailSignup() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState(false);
  // Prerendered, the form works only once its code has hydrated it: until then it is disabled.
  const ready = useHydrated();
  const count = useLiveValue(watchCount);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!isSignupEmailValid(email.trim())) {
      setNotice({ tone: 'error', text: SIGNUP_MESSAGES.invalidEmail });
      return;
    }
    setNotice(null);
    setPending(true);
    loadSignup()
      .then((signupForEmails) => signupForEmails(email.trim()))
      .then(
        () => {
          setNotice({ tone: 'ok', text: SIGNUP_MESSAGES.success });
          setEmail('');
        },
        (error: unknown) => {
          console.error('signupForEmails failed', error);
          setNotice({ tone: 'error', text: SIGNUP_MESSAGES.failure });
        },
      )
      .finally(() => setPending(false));
  };

  return (
    <section id="signup" className={styles.signup} aria-labelledby="signup-title">
      <h2 id="signup-title">Get launch updates</h2>
      <p>
        Drop your frequency and we'll radio you when the gates open.
        {count && count.count > 0 && (
          <>
            {' '}
            <strong>{count.count.toLocaleString('en-US')}</strong> survivors are already on the list.
          </>
        )}
      </p>
      {/* noValidate: the check and message of docs/product.md §5.1 replace the browser's; the type still
          brings the email keyboard */}
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={inputId}>Email address</label>
        <div className={styles.row}>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            disabled={!ready}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="button" disabled={!ready || pending}>
            {pending ? 'Sending…' : 'Sign up'}
          </button>
        </div>
      </form>
      <p role="alert" className={notice?.tone === 'error' ? styles.error : styles.ok}>
        {notice?.text}
      </p>
    </section>
  );
}
