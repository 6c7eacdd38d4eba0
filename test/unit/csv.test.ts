// CSV cells of the exports (api/resources/transfer.ts): text a spreadsheet would run as a formula is marked as
// text; everything else is written as it is, quoted where CSV needs it.
import { csvCell } from '../../api/resources/transfer';

test.each([
  ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ['+62 812 5555', "'+62 812 5555"],
  ['-1+2', "'-1+2"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\tcmd', "'\tcmd"],
  ['\rcmd', `"'\rcmd"`],
])(
  'given text starting like a formula (%j), when written as a CSV cell, then an apostrophe comes first',
  (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  },
);

test.each([
  [-12.5, '-12.5'],
  [0, '0'],
  ['PT Sawit, Tbk', '"PT Sawit, Tbk"'],
  ['a = b', 'a = b'],
  ['31/12/2027', '31/12/2027'],
  [null, ''],
])(
  'given %j, when written as a CSV cell, then it is unchanged (quoted only where CSV needs it)',
  (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  },
);
