import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it('writes plain text, numbers and booleans as they are', () => {
    expect(csvField('ash')).toBe('ash');
    expect(csvField(42)).toBe('42');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(2.5)).toBe('2.5');
    expect(csvField(true)).toBe('true');
  });

  it('writes nothing for null and undefined, ISO 8601 for dates and JSON for objects', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(new Date('2026-11-23T10:00:00.000Z'))).toBe('2026-11-23T10:00:00.000Z');
    expect(csvField(new Date(Number.NaN))).toBe('');
    expect(csvField({ code: 'X1', count: 2 })).toBe('"{""code"":""X1"",""count"":2}"');
    expect(csvField(['a', 'b'])).toBe('"[""a"",""b""]"');
  });

  it('quotes a field holding a comma, a quote, CR or LF, and doubles its quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(csvField('"')).toBe('""""');
  });

  it('makes text that a spreadsheet would run as a formula plain text', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    // Only the first character counts, and numbers are numbers, not formulas.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-12)).toBe('-12');
  });
});

describe('toCsv', () => {
  const columns = [
    { header: 'Id', value: (row: { id: number; name: string }) => row.id },
    { header: 'Name, given', value: (row: { id: number; name: string }) => row.name },
    { header: 'Position', value: (_row: unknown, index: number) => index + 1 },
  ];

  it('writes a header record, then one record per row, each ending with CRLF', () => {
    const rows = [
      { id: 1, name: 'Ash' },
      { id: 2, name: '=cmd|"/c calc"!A1' },
    ];
    expect(toCsv(columns, rows)).toBe('Id,"Name, given",Position\r\n1,Ash,1\r\n2,"\'=cmd|""/c calc""!A1",2\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('Id,"Name, given",Position\r\n');
  });
});
