import { adminReportPath, adminUserPath } from '@outpost/contracts/admin-routes';
import { describe, expect, it } from 'vitest';
import { findUserIdByEmail } from '../../apps/server/src/identity/queries';
import { putReports } from '../../apps/server/src/moderation/queries';
import { useRoleSessions } from './accounts-helpers';
import { MOBILE_VIEWPORT, seriousAxeViolations, useSite } from './harness';

// The reports are this file's own: their numbers are known.
const fixture = useSite({ SEED_DEMO_DATA: 'false' });
const { sessions, accounts } = useRoleSessions(fixture, ['staff', 'player'] as const);
const url = (path: string) => `${fixture.site.url}${path}`;

const report = (reportID: string, target: string) => ({
  report_id: reportID,
  category: 'harassment' as const,
  target,
  text: 'Spams the lobby.',
  reporter: null,
  source: 'game',
  created_at: new Date().toISOString(),
  resolved: 0,
  resolved_by: null,
  resolved_at: null,
  resolution: null,
});

async function reportNumber(environment: 'development' | 'beta', reportID: string): Promise<number> {
  const row = await fixture.site.server.stores.game[environment]
    .selectFrom('reports')
    .select('report_number')
    .where('report_id', '=', reportID)
    .executeTakeFirstOrThrow();
  return Number(row.report_number);
}

describe('a suspension names its report', () => {
  it('by its short number, linked to its page, never by its id, at 1,280 and 390 px', async () => {
    const { game, identity } = fixture.site.server.stores;
    const playerID = (await findUserIdByEmail(identity, accounts.player.email)) as string;
    const staffID = (await findUserIdByEmail(identity, accounts.staff.email)) as string;
    const target = `@${accounts.player.displayName}`;
    await putReports(game.development, [report('susphistdeva', target)]);
    // Beta's report has a number of its own (each store numbers its reports).
    await putReports(game.beta, [report('susphistbeta0', target), report('susphistbetaa', target)]);
    const here = await reportNumber('development', 'susphistdeva');
    const elsewhere = await reportNumber('beta', 'susphistbetaa');
    expect(elsewhere).not.toBe(here);
    // An older suspension made in beta from beta's report, lifted since.
    await identity
      .insertInto('account_suspensions')
      .values({
        suspension_id: 'suspension-history-beta',
        user_id: playerID,
        reason: 'Spam in beta',
        starts_at: new Date(Date.now() - 10 * 86_400_000).toISOString(),
        ends_at: null,
        suspended_by: staffID,
        environment: 'beta',
        report_id: 'susphistbetaa',
        lifted_at: new Date(Date.now() - 9 * 86_400_000).toISOString(),
        lifted_by: staffID,
        lift_note: 'Served.',
      })
      .execute();

    // Staff come from the report to the player's page and suspend them.
    const page = sessions.staff.page;
    await page.goto(url(`${adminUserPath(playerID)}?report=susphistdeva`));
    await page.getByRole('heading', { level: 1, name: target }).waitFor();
    const form = page.getByRole('form', { name: 'Suspend' });
    // The form names the report it came from by its number, never its id.
    const origin = form.getByRole('link', { name: `report #${here}`, exact: true });
    expect(await origin.getAttribute('href')).toBe(adminReportPath('susphistdeva'));
    expect(await form.innerText()).not.toContain('susphistdeva');
    await form.getByLabel('Reason').fill('Spamming the lobby');
    await form.getByRole('radio', { name: 'Until lifted' }).check();
    await form.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('alert').filter({ hasText: 'is suspended' }).waitFor();

    const name = `Report #${here}`;
    const panel = page.getByRole('region', { name: 'Suspension', exact: true });
    const fromReport = panel.getByRole('link', { name, exact: true });
    expect(await fromReport.getAttribute('href')).toBe(adminReportPath('susphistdeva'));

    for (const viewport of [{ width: 1280, height: 900 }, MOBILE_VIEWPORT]) {
      await page.setViewportSize(viewport);
      await page.reload();
      const history = page.getByRole('region', { name: 'Suspension history' });
      await history.getByText('Spamming the lobby').first().waitFor();
      // This environment's report is a link to its page; beta's is named with its environment, not linked.
      const link = history.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(adminReportPath('susphistdeva'));
      await history.getByText(`Report #${elsewhere} (in beta)`, { exact: true }).waitFor();
      expect(await history.getByRole('link', { name: `Report #${elsewhere}`, exact: true }).count()).toBe(0);
      // No id anywhere in the player's suspensions.
      const shown = await history.innerText();
      expect(shown).not.toContain('susphistdeva');
      expect(shown).not.toContain('susphistbetaa');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }

    // The link opens the report's page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('region', { name: 'Suspension history' }).getByRole('link', { name, exact: true }).click();
    await page.waitForURL(url(adminReportPath('susphistdeva')));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).allInnerTexts()).toContain(name);
  });
});
