import { isSignupEmailValid, SIGNUP_MESSAGES } from '@outpost/contracts/site';
import { type FormEvent, useId, useState } from 'react';
import { useSignupCount } from '../api/signup-count';
import { useSignupForEmails } from '../api/signup-for-emails';
import styles from './email-signup.module.css';

type Notice = { tone: 'ok' | 'error'; text: string };

/** The landing page's launch-updates signup (spec §5, §7). */
export function EmailSignup() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const signup = useSignupForEmails();
  const count = useSignupCount();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signup.isPending) return;
    if (!isSignupEmailValid(email.trim())) {
      setNotice({ tone: 'error', text: SIGNUP_MESSAGES.invalidEmail });
      return;
    }
    setNotice(null);
    signup.mutate(email.trim(), {
      onSuccess: () => {
        setNotice({ tone: 'ok', text: SIGNUP_MESSAGES.success });
        setEmail('');
      },
      onError: (error) => {
        console.error('signupForEmails failed', error);
        setNotice({ tone: 'error', text: SIGNUP_MESSAGES.failure });
      },
    });
  };

  return (
    <section id="signup" className={styles.signup} aria-labelledby="signup-title">
      <h2 id="signup-title">Get launch updates</h2>
      <p>
        Drop your frequency and we'll radio you when the gates open.
        {count.data && count.data.count > 0 && (
          <>
            {' '}
            <strong>{count.data.count.toLocaleString('en-US')}</strong> survivors are already on the list.
          </>
        )}
      </p>
      {/* noValidate: the spec's own check and message replace the browser's, the type still brings the email keyboard */}
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
            onChange={(event) => setEmail(event.target.value)}
          />
          <button type="submit" className="button" disabled={signup.isPending}>
            {signup.isPending ? 'Sending…' : 'Sign up'}
          </button>
        </div>
      </form>
      <p role="alert" className={notice?.tone === 'error' ? styles.error : styles.ok}>
        {notice?.text}
      </p>
    </section>
  );
}
