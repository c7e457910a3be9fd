import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { isUnanswered } from './callable';
import { IntentKeys } from './request-key';

export interface SpendOptions<Input, Result>
  extends Omit<UseMutationOptions<Result, Error, Input>, 'mutationFn' | 'onSettled'> {
  /** Sends the spend or claim with its request key. */
  spend: (input: Input, requestKey: string) => Promise<Result>;
  onSettled?: () => unknown;
}

/**
 * How long a button stays busy at least: the longest gap between a double click's two clicks that
 * desktop systems allow by default (Windows' 500 ms), so a second click never finds it free again.
 */
export const DOUBLE_CLICK_MS = 500;

export interface SpendCallbacks<Result> {
  onSuccess?: (result: Result) => void;
  onError?: (error: unknown) => void;
}

/**
 * A call that spends or claims, as a button makes it. The click disables the button before the
 * request leaves (the render is flushed first) and for at least DOUBLE_CLICK_MS, and a click while
 * one is under way is dropped.
 * Each intent gets one request key (IntentKeys), kept for a retry after a try that got no answer.
 */
export function useSpend<Input, Result>({ spend, onSettled, ...options }: SpendOptions<Input, Result>) {
  const intents = useRef(new IntentKeys()).current;
  const running = useRef(false);
  // What the click under way asked for; set before the request leaves, so the screen can say which.
  const [pending, setPending] = useState<{ input: Input } | null>(null);
  const mutation = useMutation<Result, Error, Input>({
    ...options,
    mutationFn: (input) => spend(input, intents.keyFor(input)),
    onSettled: (_result, error) => {
      intents.settled(!isUnanswered(error));
      return onSettled?.();
    },
  });

  /** Spends once for this click; undefined when a spend was already under way. */
  async function run(input: Input): Promise<Result | undefined> {
    if (running.current) return undefined;
    running.current = true;
    const clickedAt = Date.now();
    flushSync(() => setPending({ input }));
    try {
      return await mutation.mutateAsync(input);
    } finally {
      // A quick answer must not free the button for a double click's second click.
      const left = clickedAt + DOUBLE_CLICK_MS - Date.now();
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      running.current = false;
      setPending(null);
    }
  }

  /** `run` for an event handler, with what to do on its answer (the mutation's state tells it too). */
  function start(input: Input, callbacks: SpendCallbacks<Result> = {}): void {
    run(input).then(
      (result) => {
        if (result !== undefined) callbacks.onSuccess?.(result);
      },
      (error: unknown) => callbacks.onError?.(error),
    );
  }

  return { ...mutation, busy: pending !== null, pendingInput: pending?.input, run, start };
}
