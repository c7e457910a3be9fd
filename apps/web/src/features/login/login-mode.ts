/** The login screen's modes; the URL holds the mode (`?mode=`), so each can be linked and reloaded. */
export const LOGIN_MODES = ['login', 'signup', 'reset'] as const;
export type LoginMode = (typeof LOGIN_MODES)[number];

export interface LoginView {
  mode: LoginMode;
  /** The password-reset token from the emailed link (`?mode=reset&token=…`). */
  token: string | null;
}

export function readLoginView(params: URLSearchParams): LoginView {
  const raw = params.get('mode');
  const mode = LOGIN_MODES.find((candidate) => candidate === raw) ?? 'login';
  const token = mode === 'reset' ? params.get('token') || null : null;
  return { mode, token };
}

/** The search string for another mode: keeps `next`, drops the reset token. */
export function searchForMode(params: URLSearchParams, mode: LoginMode): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('token');
  if (mode === 'login') next.delete('mode');
  else next.set('mode', mode);
  return next;
}
