import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationHelpersText } from './postgres-databases';

const source = (relative: string) => fs.readFileSync(new URL(relative, import.meta.url), 'utf8');

describe("the PostgreSQL tests' template", () => {
  it('is named by the text of the modules migrations call, not only by the migrations', () => {
    const helpers = migrationHelpersText();
    expect(helpers).toContain(source('../platform/db/day-sums.ts'));
    expect(helpers).toContain(source('../platform/db/row-numbers.ts'));
  });
});
