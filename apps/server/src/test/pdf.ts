import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Reads a PDF the way a reader would (Mozilla's PDF.js): its pages' text, line by line, and its
// document information, so invoice tests check the fields of the real file.

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

export async function readPdf(bytes: Buffer | Uint8Array): Promise<{
  pages: number;
  text: string;
  lines: string[];
  info: Record<string, unknown>;
}> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    isEvalSupported: false,
  }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    let line = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      line += item.str;
      if (item.hasEOL) {
        lines.push(line);
        line = '';
      } else if (item.str !== '') line += ' ';
    }
    if (line) lines.push(line);
  }
  const { info } = await pdf.getMetadata();
  const pages = pdf.numPages;
  await pdf.destroy();
  return {
    pages,
    lines: lines.map((l) => l.replace(/\s+/g, ' ').trim()),
    text: lines.map((l) => l.replace(/\s+/g, ' ').trim()).join('\n'),
    info: info as Record<string, unknown>,
  };
}
