import type { Locator } from 'playwright-core';

/*
 * How a form's field at fault reads to a screen reader, for the tests of forms that point at the
 * field (docs/decisions/0061-forms-point-at-the-field.md).
 */

/** Whether the field has the focus. */
export const isFocused = (field: Locator) => field.evaluate((element) => element === document.activeElement);

/** What a field reads out with it: the texts of the elements its aria-describedby names. */
export const descriptionOf = (field: Locator) =>
  field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `(no element ${id})`),
  );
