import type { AdminReport, Report } from '@outpost/contracts/moderation';
import type { Kysely } from 'kysely';
import type { IdentityDatabase } from '../database';
import { peopleOf } from '../identity/index';

/**
 * Reports with the people behind their user ids (reporter, moderator) named, read from the
 * identity store after the game store's rows: the two are separate databases, never joined.
 */
export async function withPeople(
  identity: Kysely<IdentityDatabase>,
  reports: readonly Report[],
): Promise<AdminReport[]> {
  const ids = reports.flatMap((report) => [report.reporter, report.resolvedBy].filter((id) => id !== null));
  const people = await peopleOf(identity, ids);
  const personOf = (id: string | null) => (id === null ? null : (people.get(id) ?? null));
  return reports.map((report) => ({
    ...report,
    reporterPerson: personOf(report.reporter),
    resolvedByPerson: personOf(report.resolvedBy),
  }));
}

export async function withPerson(identity: Kysely<IdentityDatabase>, report: Report): Promise<AdminReport> {
  const [named] = await withPeople(identity, [report]);
  if (!named) throw new Error('withPeople answers one report per report');
  return named;
}
