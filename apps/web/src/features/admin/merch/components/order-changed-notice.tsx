import listStyles from '../../../../components/admin-list/admin-list.module.css';
import { FormAlert } from '../../../../components/form/form-alert';
import adminStyles from '../../components/admin-screen.module.css';

interface OrderChangedNoticeProps {
  /** The order changed (another tab, another person, a payment) while something was typed in the form. */
  changed: boolean;
  /** What the form says then: what changed, and what a save does now. */
  text: string;
  /** The button that drops what was typed and starts again from the order as it is now. */
  discardLabel: string;
  onDiscard: () => void;
}

/**
 * Beside a form of the order screen: the screen follows the order live, and a form with nothing typed
 * follows it too, but one being typed in is not overwritten. It says the order changed instead, and
 * offers to start again from the order as it is now. The alert region stays in the page, so what
 * appears in it is announced.
 */
export function OrderChangedNotice({ changed, text, discardLabel, onDiscard }: OrderChangedNoticeProps) {
  return (
    <>
      <FormAlert notice={changed ? { tone: 'error', text } : null} />
      {changed && (
        <div className={adminStyles.submitRow}>
          <button type="button" className={listStyles.plainButton} onClick={onDiscard}>
            {discardLabel}
          </button>
        </div>
      )}
    </>
  );
}
