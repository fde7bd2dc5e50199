/**
 * The pages of a PDF as pdfkit writes them (page objects in clear, content streams compressed): each
 * page's MediaBox in millimetres, and the page tree's count. Enough to check page counts and sizes
 * without a PDF library.
 */
export function pdfPages(pdf: Buffer): { count: number; sizesMm: { width: number; height: number }[] } {
  const text = pdf.toString('latin1');
  if (!text.startsWith('%PDF-')) throw new Error('not a PDF');
  const pageObjects = [...text.matchAll(/<<\s*\/Type \/Page\b([\s\S]*?)>>\s*endobj/g)];
  const sizesMm = pageObjects.map((m) => {
    const box = /\/MediaBox \[([^\]]+)\]/.exec(m[1]);
    if (!box) throw new Error('page without a MediaBox');
    const [x0, y0, x1, y1] = box[1].trim().split(/\s+/).map(Number);
    const mm = (pt: number) => Math.round((pt * 25.4 * 10) / 72) / 10;
    return { width: mm(x1 - x0), height: mm(y1 - y0) };
  });
  const counts = [...text.matchAll(/\/Type \/Pages\b[\s\S]*?\/Count (\d+)/g)].map((m) => Number(m[1]));
  return { count: counts.length ? Math.max(...counts) : 0, sizesMm };
}
