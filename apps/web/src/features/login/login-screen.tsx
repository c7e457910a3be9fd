import { useId, useState } from 'react';
import type { FormNotice } from '../../components/form/form-alert';
import { LoadingScreen } from '../../components/loading/loading-screen';
import { TabPanel, Tabs } from '../../components/tabs/tabs';
import { pageTitle, usePageTitle } from '../../lib/page-title';
import { QueryProvider } from '../../lib/query-client';
import { Navigate, useSearchParams } from '../../lib/router/router';
import { useMe } from '../../lib/session';
import { LoginForm } from './components/login-form';
import { ProfileForm, type RegisterFailure } from './components/profile-form';
import { PASSWORD_CHANGED, ResetPasswordForm } from './components/reset-password-form';
import { ResetRequestForm } from './components/reset-request-form';
import { SignupForm } from './components/signup-form';
import { LOGIN_MODES, type LoginMode, readLoginView, searchForMode } from './login-mode';
import styles from './login-screen.module.css';
import { safeNextPath } from './next-path';

const MODE_LABELS: Record<LoginMode, string> = { login: 'Log in', signup: 'Sign up', reset: 'Reset password' };
const MODE_TABS = LOGIN_MODES.map((mode) => ({ id: mode, label: MODE_LABELS[mode] }));

/**
 * Login / Signup (docs/product.md §2.6): log in, sign up and password reset as tabs, the mode kept in the
 * URL. The screen follows the session rather than the forms: once the session has a profile it goes to
 * `?next=` (or home); a signed-in account without a profile gets the display-name form.
 */
function LoginView() {
  const idPrefix = useId();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const { mode, token } = readLoginView(params);
  const [registerFailure, setRegisterFailure] = useState<RegisterFailure | null>(null);
  // A message carried into the next panel (after a reset, into Log in).
  const [carried, setCarried] = useState<FormNotice | null>(null);
  // Set when a link inside a panel (not a tab) switched it, so focus follows to the new panel.
  const [focusHeading, setFocusHeading] = useState(false);
  const user = me.data?.user ?? null;
  // The tab shown names the page; a new account naming itself is still signing up.
  usePageTitle(pageTitle(MODE_LABELS[user && !token ? 'signup' : mode]));

  const show = (next: LoginMode, via: 'tab' | 'link', notice: FormNotice | null = null) => {
    setFocusHeading(via === 'link');
    setCarried(notice);
    setParams(searchForMode(params, next), { replace: true });
  };
  const onSwitch = (next: LoginMode) => show(next, 'link');

  if (me.isPending) return <LoadingScreen />;
  const profile = me.data?.profile ?? null;
  if (user && profile && !token) {
    return <Navigate to={safeNextPath(params.get('next'), window.location.origin)} replace />;
  }

  return (
    <section className={`page ${styles.screen}`} aria-labelledby={`${idPrefix}-title`}>
      <div className={styles.card}>
        <h1 id={`${idPrefix}-title`} className={styles.title}>
          Login / Signup
        </h1>
        {user && !token ? (
          <ProfileForm email={user.email} failure={registerFailure} />
        ) : (
          <>
            <Tabs
              label="Account"
              idPrefix={idPrefix}
              tabs={MODE_TABS}
              selected={mode}
              onSelect={(next) => show(next, 'tab')}
              layout="fill"
            />
            <TabPanel idPrefix={idPrefix} selected={mode}>
              {mode === 'login' && <LoginForm focusHeading={focusHeading} onSwitch={onSwitch} carried={carried} />}
              {mode === 'signup' && (
                <SignupForm focusHeading={focusHeading} onSwitch={onSwitch} onRegisterFailed={setRegisterFailure} />
              )}
              {mode === 'reset' && token && (
                <ResetPasswordForm
                  token={token}
                  focusHeading={focusHeading}
                  onSwitch={onSwitch}
                  onDone={() => show('login', 'link', { tone: 'ok', text: PASSWORD_CHANGED })}
                />
              )}
              {mode === 'reset' && !token && <ResetRequestForm focusHeading={focusHeading} onSwitch={onSwitch} />}
            </TabPanel>
          </>
        )}
      </div>
    </section>
  );
}

/** React Query lives in the screens that use its hooks, not in the entry chunk (lib/query-client.tsx). */
export default function LoginScreen() {
  return (
    <QueryProvider>
      <LoginView />
    </QueryProvider>
  );
}
