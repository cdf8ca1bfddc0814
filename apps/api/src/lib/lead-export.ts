import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Lead, LeadColumn } from '@portal/api-client/admin';
import { formatTime } from './time';

/**
 * Lead exports for sales, streamed batch by batch (memory stays flat for any row count):
 * CSV in UTF-8 with a BOM so Excel opens Chinese, and XLSX; a Chinese header row; times in
 * Beijing time.
 */

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is kept as text (OWASP CSV injection). */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The header row: labels are typed by editors in the form builder, so they are cells like any other. */
const headerCells = (columns: LeadColumn[]): string[] => columns.map((c) => safeCell(c.label));

function cells(columns: LeadColumn[], lead: Lead): string[] {
  return columns.map((c) =>
    safeCell(c.key === 'created_at' ? formatTime(Date.parse(lead.createdAt)) : (lead.values[c.key] ?? '')),
  );
}

export function leadsCsv(columns: LeadColumn[], batches: AsyncIterable<Lead[]>): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: headerCells(columns),
    record_delimiter: 'windows',
  });
  void (async () => {
    try {
      for await (const batch of batches) {
        for (const lead of batch) {
          // Respect back-pressure: wait for the reader when the buffer is full.
          if (!csv.write(cells(columns, lead))) await new Promise((r) => csv.once('drain', r));
        }
      }
      csv.end();
    } catch (err) {
      csv.destroy(err as Error);
    }
  })();
  return csv;
}

export function leadsXlsx(
  columns: LeadColumn[],
  batches: AsyncIterable<Lead[]>,
  sheetName: string,
): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      // Loaded by the first export: about 25 MB a worker need not carry (bench: per-worker memory).
      const { default: ExcelJS } = await import('exceljs');
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet(sheetName.slice(0, 31) || '线索');
      const headers = headerCells(columns);
      sheet.columns = columns.map((c, i) => ({
        header: headers[i],
        key: c.key,
        width: Math.min(40, Math.max(12, c.label.length * 2 + 4)),
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const batch of batches)
        for (const lead of batch) sheet.addRow(cells(columns, lead)).commit();
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
