import type { Environment } from '@outpost/contracts/environments';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens a back-office screen (`origin` + `path`) in `environment`, switching the admin's environment first when needed. */
export async function openIn(page: Page, origin: string, environment: Environment, path: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  const select = page.getByLabel('Environment');
  await select.waitFor();
  if ((await select.inputValue()) !== environment) await select.selectOption(environment);
  await page.locator(`[data-environment="${environment}"]`).waitFor();
}

/**
 * Opens a list's form of a new record with its "+ New …" button (the form opens over the list, in
 * a sheet) and answers the form, named `name` ("New drop").
 */
export async function openNewForm(scope: Page | Locator, name: string): Promise<Locator> {
  await scope.getByRole('button', { name: `+ ${name}`, exact: true }).click();
  const form = scope.getByRole('form', { name, exact: true });
  await form.waitFor();
  return form;
}

/**
 * The form's alert region says exactly `text` (the alerts of docs/product.md §8.4 are in-page messages
 * in role="alert").
 */
export async function expectAlert(page: Page, text: string): Promise<void> {
  const alert = page.getByRole('alert').filter({ hasText: text });
  await alert.waitFor();
  expect(await alert.innerText()).toBe(text);
}

/** The screen beside the back office's navigation: its own links, apart from the navigation's of the same name. */
export function consoleScreen(page: Page) {
  return page.locator('[data-console-screen]');
}
