import { type FormEvent, type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import styles from './admin-screen.module.css';

interface AdminFormFrameProps {
  /** "New drop", "Edit episode s2e10": the heading, which names the form. */
  title: string;
  /** h2 for a form of its own screen, h3 for one inside a tab panel (under the panel's h2). */
  headingLevel: 2 | 3;
  /** Whether the form opened because the admin did something (picked a row, finished a change), not on arrival. */
  arrivedByAction: boolean;
  /** Whether a change is on its way: the form is busy for assistive technology. */
  pending: boolean;
  /** Whether a save holds the guard (useGuardedSave's `busy`): a submit then does nothing. */
  busy: () => boolean;
  onSubmit: () => void;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/**
 * An admin form, over its list or on a screen of its own: its heading, then what the screen puts in it. A form opened for
 * a row picked in the list, or back after a change, takes the focus (and the view), so keyboard
 * and screen reader users land on it; on first arrival the focus stays put.
 */
export function AdminFormFrame(props: AdminFormFrameProps) {
  const { title, headingLevel, arrivedByAction, pending, busy, onSubmit, formRef, children } = props;
  const titleId = `${useId()}-title`;
  const heading = useRef<HTMLHeadingElement>(null);
  const focusOnOpen = useRef(arrivedByAction);
  useEffect(() => {
    if (focusOnOpen.current) heading.current?.focus();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy()) onSubmit();
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <form
      ref={formRef}
      className={`${styles.form} ${styles.spaced}`}
      onSubmit={submit}
      noValidate
      aria-busy={pending}
      aria-labelledby={titleId}
    >
      <Heading id={titleId} ref={heading} tabIndex={-1}>
        {title}
      </Heading>
      {children}
    </form>
  );
}
