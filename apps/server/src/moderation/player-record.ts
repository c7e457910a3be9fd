import { adminReportPath } from '@outpost/contracts/admin-routes';
import { REPORT_CATEGORY_LABELS, type ReportCategory } from '@outpost/contracts/moderation';
import type { PlayerRecordColumn, PlayerRecordRow } from '@outpost/contracts/player-record';
import { shortNumber } from '@outpost/contracts/short-numbers';
import { sql } from 'kysely';
import type { PlayerRecordPart } from '../domain';
import { peopleOf } from '../identity/index';
import { instantCell, linkCell, newestRows, recordSection, textCell } from '../platform/player-record';
import type { ReportRow } from './tables';

const columns = (other: PlayerRecordColumn): PlayerRecordColumn[] => [
  { key: 'report', label: 'Report', primary: true },
  { key: 'category', label: 'Category' },
  other,
  { key: 'state', label: 'State' },
  { key: 'when', label: 'Filed' },
];

function reportCells(row: ReportRow): PlayerRecordRow['cells'] {
  return {
    report: linkCell(`Report ${shortNumber(row.report_number)}`, adminReportPath(row.report_id)),
    category: textCell(REPORT_CATEGORY_LABELS[row.category as ReportCategory] ?? row.category),
    state: textCell(row.resolved ? 'Resolved' : 'Unresolved'),
    when: instantCell(row.created_at),
  };
}

/**
 * Moderation's part of the player page: the reports they filed, and those about them (a report names
 * its target as the game shows them, by display name, with or without the "@").
 */
export const moderationPlayerRecord: PlayerRecordPart = async ({ game, identity }, userId) => {
  const { displayName } = (await peopleOf(identity, [userId])).get(userId) ?? { displayName: null };
  const filed = game.selectFrom('reports').where('reporter', '=', userId);
  const name = displayName?.toLowerCase() ?? null;
  const about = game
    .selectFrom('reports')
    .where(name === null ? sql<boolean>`false` : sql<boolean>`lower(target) in (${name}, ${`@${name}`})`);
  const newest = <Query extends typeof filed>(query: Query) =>
    newestRows(query, query.selectAll().orderBy('created_at', 'desc').orderBy('report_id', 'desc'));
  const [byThem, aboutThem] = await Promise.all([newest(filed), newest(about)]);
  const reporters = await peopleOf(
    identity,
    aboutThem.rows.flatMap((row) => (row.reporter === null ? [] : [row.reporter])),
  );
  return [
    recordSection(
      {
        key: 'reportsFiled',
        title: 'Reports they filed',
        columns: columns({ key: 'about', label: 'About' }),
        empty: 'They filed no report.',
      },
      byThem.rows.map((row) => ({ id: row.report_id, cells: { ...reportCells(row), about: textCell(row.target) } })),
      byThem.total,
    ),
    recordSection(
      {
        key: 'reportsAbout',
        title: 'Reports about them',
        columns: columns({ key: 'by', label: 'Filed by' }),
        empty: 'No report names them.',
      },
      aboutThem.rows.map((row) => {
        const reporter = row.reporter === null ? undefined : reporters.get(row.reporter);
        return {
          id: row.report_id,
          cells: {
            ...reportCells(row),
            by: reporter ? { kind: 'person' as const, person: reporter } : textCell('The game'),
          },
        };
      }),
      aboutThem.total,
    ),
  ];
};
