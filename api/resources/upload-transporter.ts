// /Upload/Transporter (spec/1 master-data routes): transporters with their trucks and drivers from one Excel
// workbook, one sheet per resource (Transporter, Vehicle, Driver; wire-name headers as in each template).
//   GET  /api/upload/transporter/template   the workbook to fill in
//   POST /api/upload/transporter            {file_name, content_base64}: all sheets saved or none
// Sheets are imported in that order inside one transaction, so a truck or driver may name a transporter added
// by the same file; every sheet is checked and the report lists the bad rows of each.
import { z } from 'zod';
import { allFields } from '../../db/resources/engine';
import { text } from '../../db/resources/input';
import { resourceByName } from '../../db/resources/master';
import { AppError, ValidationError } from '../errors';
import { defineRoute } from '../http';
import { translate } from '../i18n';
import { importRows, readWorkbook, send, type RowReport } from './transfer';
import ExcelJS from 'exceljs';

const SHEETS = ['Transporter', 'Vehicle', 'Driver'] as const;

const uploadBody = z.object({
  file_name: text(200).min(1),
  content_base64: text(8_000_000).min(1),
});

function definition(name: string) {
  const def = resourceByName(name);
  if (!def) throw new Error(`upload: resource ${name} is not defined`);
  return def;
}

export const uploadTransporterRoutes = [
  defineRoute({
    method: 'get',
    path: '/upload/transporter/template',
    summary: 'The transporter upload workbook: sheets Transporter, Vehicle and Driver with their columns.',
    access: { controller: 'Upload', action: 'View' },
    handler: async ({ ctx }) => {
      const workbook = new ExcelJS.Workbook();
      for (const name of SHEETS) {
        const header = allFields(definition(name))
          .filter((f) => !f.readOnly && !f.secret)
          .map((f) => f.name);
        const ws = workbook.addWorksheet(name);
        ws.addRow(header).font = { bold: true };
        ws.views = [{ state: 'frozen', ySplit: 1 }];
      }
      send(ctx, 'Transporter-upload-template', 'xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/upload/transporter',
    summary: 'Imports transporters with their vehicles and drivers from one workbook; all or nothing.',
    access: { controller: 'Upload', action: 'Create' },
    body: uploadBody,
    files: ['content_base64'],
    handler: async ({ deps, body, user, lang }) => {
      if (!/\.xlsx$/i.test(body.file_name)) {
        throw new ValidationError({ file: [{ key: 'upload.xlsxOnly' }] }, 'upload.xlsxOnly');
      }
      const sheets = await readWorkbook(Buffer.from(body.content_base64, 'base64'));
      const byName = new Map([...sheets].map(([name, rows]) => [name.trim().toLowerCase(), rows]));
      const present = SHEETS.filter((name) => (byName.get(name.toLowerCase())?.length ?? 0) > 1);
      if (!present.length) throw new AppError(400, 'IMPORT_EMPTY', 'upload.noSheets');

      const counts: Record<string, { created: number; updated: number }> = {};
      const problems: { sheet: string; message?: string; rows?: RowReport[] }[] = [];
      await deps.db.transaction(async (trx) => {
        for (const name of present) {
          try {
            counts[name] = await importRows(
              trx,
              definition(name),
              byName.get(name.toLowerCase())!,
              user,
              deps.now(),
              lang,
              true,
            );
          } catch (err) {
            if (!(err instanceof AppError) || err.status !== 400) throw err;
            const rows = (err.data as { rows?: RowReport[] } | undefined)?.rows;
            problems.push({
              sheet: name,
              ...(rows ? { rows } : { message: translate(lang, err.messageKey, err.params) }),
            });
          }
        }
        if (problems.length) {
          throw new AppError(
            400,
            'IMPORT_INVALID',
            'upload.invalidSheets',
            { sheets: problems.map((p) => p.sheet).join(', ') },
            {
              sheets: problems,
            },
          );
        }
      });
      const saved = Object.values(counts).reduce((n, c) => n + c.created + c.updated, 0);
      return { message: 'upload.saved', messageParams: { saved }, data: { saved, sheets: counts } };
    },
  }),
];
