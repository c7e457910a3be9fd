import { CLAIM_CODE_MESSAGES } from '@outpost/contracts/claim-codes';
import { type FormEvent, useState } from 'react';
import { FormAlert, type FormNotice } from '../../../components/form/form-alert';
import { FormField } from '../../../components/form/form-field';
import { useRedeemCode } from '../api/redeem-code';
import styles from './redeem-code-form.module.css';
import { failureMessage, grantedMessage } from './redeem-message';

/**
 * The player's redeem form: a code from a card, a stream or a partner becomes credits and items. The server
 * decides everything; the form says what it granted, or why not in the server's words. It has no heading of
 * its own: the screen that places it names its section. Needs a QueryProvider above it (the shop screen's).
 */
export function RedeemCodeForm() {
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<FormNotice | null>(null);
  const redeem = useRedeemCode();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setNotice({ tone: 'error', text: CLAIM_CODE_MESSAGES.codeRequired });
      return;
    }
    setNotice(null);
    redeem.start(code, {
      onSuccess: (result) => {
        setCode('');
        setNotice({ tone: 'ok', text: grantedMessage(result) });
      },
      onError: (error) => setNotice({ tone: 'error', text: failureMessage(error) }),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.row}>
        <FormField
          className={styles.field}
          label="Code"
          hint="For example k3x-09a. Each code can be redeemed once per player."
          value={code}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className={`button ${styles.submit}`} disabled={redeem.busy}>
          {redeem.busy ? 'Redeeming…' : 'Redeem'}
        </button>
      </div>
      <FormAlert notice={notice} />
    </form>
  );
}
