/**
 * A minimal PDF 1.4 writer for the demo white papers and vendor reports: A4 pages of Helvetica
 * text (ASCII only: the standard fonts carry no CJK glyphs and embedding a CJK font is out of scope).
 */

export interface PdfDocument {
  title: string;
  subtitle: string;
  /** Sections of the body: a heading and its paragraphs. */
  sections: { heading: string; paragraphs: string[] }[];
}

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 64;

function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, ' ');
}

function pdfString(text: string): string {
  return `(${ascii(text).replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')})`;
}

/** Greedy word wrap by an average Helvetica glyph width (0.5 em). */
function wrap(text: string, size: number, width: number): string[] {
  const max = Math.floor(width / (size * 0.5));
  const lines: string[] = [];
  let line = '';
  for (const word of ascii(text).split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Line {
  text: string;
  size: number;
  bold: boolean;
  gapBefore: number;
}

function layout(doc: PdfDocument): string[] {
  const pages: string[] = [];
  // Cover page.
  const cover: string[] = ['0.12 0.24 0.45 rg', `0 ${PAGE_H - 260} ${PAGE_W} 260 re f`, '1 1 1 rg'];
  let y = PAGE_H - 150;
  for (const l of wrap(doc.title, 26, PAGE_W - 2 * MARGIN)) {
    cover.push(`BT /F2 26 Tf ${MARGIN} ${y} Td ${pdfString(l)} Tj ET`);
    y -= 34;
  }
  cover.push('0.2 0.2 0.2 rg');
  y = PAGE_H - 320;
  for (const l of wrap(doc.subtitle, 14, PAGE_W - 2 * MARGIN)) {
    cover.push(`BT /F1 14 Tf ${MARGIN} ${y} Td ${pdfString(l)} Tj ET`);
    y -= 20;
  }
  cover.push(`BT /F1 11 Tf ${MARGIN} 80 Td ${pdfString('White Paper - SMB IT Portal demo content')} Tj ET`);
  pages.push(cover.join('\n'));

  const lines: Line[] = [];
  for (const s of doc.sections) {
    wrap(s.heading, 16, PAGE_W - 2 * MARGIN).forEach((text, i) =>
      lines.push({ text, size: 16, bold: true, gapBefore: i === 0 ? 18 : 0 }),
    );
    for (const p of s.paragraphs) {
      wrap(p, 11, PAGE_W - 2 * MARGIN).forEach((text, i) =>
        lines.push({ text, size: 11, bold: false, gapBefore: i === 0 ? 8 : 0 }),
      );
    }
  }
  let ops: string[] = [];
  y = PAGE_H - MARGIN;
  for (const line of lines) {
    const step = line.size * 1.45 + line.gapBefore;
    if (y - step < MARGIN) {
      pages.push(ops.join('\n'));
      ops = [];
      y = PAGE_H - MARGIN;
    }
    y -= step;
    ops.push(
      `BT /${line.bold ? 'F2' : 'F1'} ${line.size} Tf ${MARGIN} ${Math.round(y)} Td ${pdfString(line.text)} Tj ET`,
    );
  }
  if (ops.length) pages.push(ops.join('\n'));
  return pages.map(
    (content, i) =>
      `${content}\n0.5 0.5 0.5 rg BT /F1 9 Tf ${PAGE_W - MARGIN - 40} 36 Td ${pdfString(`${i + 1} / ${pages.length}`)} Tj ET`,
  );
}

/** The bytes of a valid PDF (correct xref offsets, Info dictionary with the title). */
export function renderPdf(doc: PdfDocument): Buffer {
  const pages = layout(doc);
  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 font regular, 4 font bold, 5 info, then page/content pairs.
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title ${pdfString(doc.title)} /Producer (portal seed) >>`;
  pages.forEach((content, i) => {
    const pageId = pageIds[i];
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
