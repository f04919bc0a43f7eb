import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import type { CvFileType } from './cv-file-type.js';
import { countPdfPages } from './pdf-pages.js';

/*
 * A CV is kept and later opened by staff, so its first bytes are not enough: a PDF must parse as
 * a PDF (pdf.js, the parser browsers use, in a worker of its own: pdf-pages.ts) with at least
 * one page, and a DOCX (a zip) must inflate within bounds on the count and the total size of its
 * entries, so a zip bomb is refused before anyone opens it. DOC (OLE2) is recognised by its
 * header only.
 */

/** More entries than any real Word document has (a large one has a few hundred). */
export const DOCX_MAX_ENTRIES = 2_000;
/** Inflated size of all entries together; a 5 MB upload of text and images stays far below. */
export const DOCX_MAX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024;

export const CV_STRUCTURE_MESSAGES = {
  pdf: 'The file is not a readable PDF document',
  docx: 'The file is not a readable Word document',
  docxTooLarge: `The Word document unpacks to more than ${DOCX_MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB or ${DOCX_MAX_ENTRIES} parts`,
} as const;

/** Why the file's structure is refused, or undefined when it is sound. */
export async function cvStructureProblem(bytes: Buffer, kind: CvFileType): Promise<string | undefined> {
  switch (kind.extension) {
    case 'pdf':
      return (await countPdfPages(bytes)) > 0 ? undefined : CV_STRUCTURE_MESSAGES.pdf;
    case 'docx':
      return docxProblem(bytes);
    case 'doc':
      return undefined;
  }
}

/** Inflates every entry, counting entries and bytes, and stops at the first bound crossed. */
function docxProblem(bytes: Buffer): string | undefined {
  let entries = 0;
  let inflatedBytes = 0;
  let problem: string | undefined;
  const files: UnzipFile[] = [];
  const unzip = new Unzip((file) => {
    if (problem) return;
    entries += 1;
    if (entries > DOCX_MAX_ENTRIES) {
      problem = CV_STRUCTURE_MESSAGES.docxTooLarge;
      return;
    }
    files.push(file);
    file.ondata = (error, chunk) => {
      if (problem) return;
      if (error) {
        problem = CV_STRUCTURE_MESSAGES.docx;
        return;
      }
      inflatedBytes += chunk.length;
      if (inflatedBytes > DOCX_MAX_UNCOMPRESSED_BYTES) {
        problem = CV_STRUCTURE_MESSAGES.docxTooLarge;
        file.terminate();
      }
    };
    try {
      file.start();
    } catch {
      problem ??= CV_STRUCTURE_MESSAGES.docx;
    }
  });
  unzip.register(UnzipInflate);
  try {
    // Fed in slices so a bound crossed early stops the work early.
    const SLICE_BYTES = 64 * 1024;
    for (let offset = 0; offset < bytes.length && !problem; offset += SLICE_BYTES) {
      const end = Math.min(bytes.length, offset + SLICE_BYTES);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch {
    problem ??= CV_STRUCTURE_MESSAGES.docx;
  }
  if (!problem && entries === 0) problem = CV_STRUCTURE_MESSAGES.docx;
  return problem;
}
