import { MERCH_MESSAGES, type MerchContactInput, merchContactInputSchema } from '@outpost/contracts/merch';
import { type FormEvent, useId, useState } from 'react';
import { checkFields } from '../../../components/form/field-errors';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { useDraft } from '../../../components/form/use-draft';
import { useFieldErrors } from '../../../components/form/use-field-errors';
import { useContactMerchTeam } from './api/contact-merch-team';
import styles from './merch.module.css';

type ContactValues = Required<MerchContactInput>;

/**
 * "Contact the merch team" (docs/product.md §3.14 Merch contact): open to visitors too, checked with the schema
 * the server uses, each problem at its field; the answer is the contracts' sentence.
 */
export function MerchContactForm({ email: accountEmail }: { email: string | null }) {
  const titleId = useId();
  const { formRef, errors, show } = useFieldErrors();
  const {
    draft: values,
    setDraft: setValues,
    field,
  } = useDraft<ContactValues>(() => ({ email: accountEmail ?? '', name: '', subject: '', message: '' }), errors);
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const contact = useContactMerchTeam();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (contact.isPending) return;
    const checked = checkFields(merchContactInputSchema, values);
    show(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      setNotice(null);
      return;
    }
    setNotice(null);
    contact.mutate(checked.value, {
      onSuccess: () => {
        setValues((now) => ({ ...now, subject: '', message: '' }));
        setNotice({ tone: 'ok', text: MERCH_MESSAGES.contactSent });
      },
      onError: (error) =>
        setNotice({ tone: 'error', text: error.message || 'Your message could not be sent. Please try again.' }),
    });
  };

  return (
    <section className={`${styles.panel} ${styles.contact}`} aria-labelledby={titleId}>
      <h2 id={titleId}>Contact the merch team</h2>
      <p>Questions about sizes, an order or shipping? Write to us; we answer by email.</p>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-labelledby={titleId}>
        <div className={styles.contactFields}>
          <FormField label="Your email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
          <FormField label="Your name" autoComplete="name" {...field('name')} />
          <FormField label="Subject" {...field('subject')} />
          <TextAreaField label="Message" rows={6} {...field('message')} />
        </div>
        <FormAlert notice={notice} />
        <button type="submit" className={`button ${styles.submit}`} disabled={contact.isPending}>
          {contact.isPending ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </section>
  );
}
