import { describe, expect, it } from 'vitest';
import { readLoginView, searchForMode } from './login-mode';

const view = (search: string) => readLoginView(new URLSearchParams(search));

describe('the login screen mode in the URL', () => {
  it('reads the mode and, in reset mode only, the token', () => {
    expect(view('')).toEqual({ mode: 'login', token: null });
    expect(view('mode=signup')).toEqual({ mode: 'signup', token: null });
    expect(view('mode=reset')).toEqual({ mode: 'reset', token: null });
    expect(view('mode=reset&token=abc')).toEqual({ mode: 'reset', token: 'abc' });
    expect(view('mode=reset&token=')).toEqual({ mode: 'reset', token: null });
    expect(view('mode=signup&token=abc')).toEqual({ mode: 'signup', token: null });
    expect(view('mode=unknown')).toEqual({ mode: 'login', token: null });
  });

  it('switches mode keeping next and dropping the token', () => {
    const params = new URLSearchParams('mode=reset&token=abc&next=/admin');
    expect(searchForMode(params, 'login').toString()).toBe('next=%2Fadmin');
    expect(searchForMode(params, 'signup').toString()).toBe('mode=signup&next=%2Fadmin');
    expect(params.get('token')).toBe('abc');
  });
});
