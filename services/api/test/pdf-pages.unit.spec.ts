import { describe, expect, it } from 'vitest';
import { detectCvFileType } from '../src/evaluator/cv-file-type.js';
import { PdfPageCounter } from '../src/evaluator/pdf-pages.js';
import { HTML_WITH_PDF_HEADER, minimalPdf } from './support/multipart.js';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).href;

describe('the PDF page counter (pdf.js in a worker of its own)', () => {
  it('opens a real PDF and refuses an HTML page wearing a PDF header', async () => {
    const counter = new PdfPageCounter();
    try {
      expect(await counter.count(minimalPdf())).toBe(1);
      expect(await counter.count(HTML_WITH_PDF_HEADER)).toBe(0);
      // One worker serves checks one after another.
      const pages = await Promise.all([1, 2, 3].map(() => counter.count(minimalPdf())));
      expect(pages).toEqual([1, 1, 1]);
    } finally {
      await counter.close();
    }
  });

  it("leaves this realm's JSON.stringify and JSON.parse as they were (pdf.js's legacy build replaces them)", async () => {
    // Taken before the CV checks' module loads; core-js's replacements print as native code, so
    // only their identity tells.
    const { parse, stringify } = JSON;
    const { cvStructureProblem, CV_STRUCTURE_MESSAGES } = await import('../src/evaluator/cv-structure.js');
    const pdf = minimalPdf();
    expect(await cvStructureProblem(pdf, detectCvFileType(pdf)!)).toBeUndefined();
    expect(await cvStructureProblem(HTML_WITH_PDF_HEADER, detectCvFileType(HTML_WITH_PDF_HEADER)!)).toBe(
      CV_STRUCTURE_MESSAGES.pdf,
    );
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.parse).toBe(parse);
  });

  it('refuses a file that does not open by the deadline, then checks the next in a new worker', async () => {
    const stuck = new PdfPageCounter({ pdfjsUrl: fixture('pdf-never-opens.mjs'), timeoutMs: 300 });
    try {
      const started = performance.now();
      expect(await stuck.count(minimalPdf())).toBe(0);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(await stuck.count(minimalPdf())).toBe(0);
    } finally {
      await stuck.close();
    }
  });

  it('closes with checks waiting: all are refused at once and no new worker takes the next', async () => {
    const stuck = new PdfPageCounter({ pdfjsUrl: fixture('pdf-never-opens.mjs'), timeoutMs: 5_000 });
    const checks = [stuck.count(minimalPdf()), stuck.count(minimalPdf()), stuck.count(minimalPdf())];
    const started = performance.now();
    await stuck.close();
    expect(await Promise.all(checks)).toEqual([0, 0, 0]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('refuses a file whose parsing runs out of the heap, and the next check still answers', async () => {
    const counter = new PdfPageCounter({ pdfjsUrl: fixture('pdf-exhausts-heap.mjs'), timeoutMs: 30_000 });
    try {
      const [first, second] = await Promise.all([counter.count(minimalPdf()), counter.count(minimalPdf())]);
      expect(first).toBe(0);
      expect(second).toBe(0);
    } finally {
      await counter.close();
    }
  });

  it('fails loudly, not as a refusal, when pdf.js itself cannot be loaded', async () => {
    const broken = new PdfPageCounter({ pdfjsUrl: fixture('no-such-module.mjs') });
    try {
      await expect(broken.count(minimalPdf())).rejects.toThrow(/pdf\.js did not load/);
    } finally {
      await broken.close();
    }
  });
});
