/** A CV's kind, recognised from its first bytes, never from its name or declared type. */
export interface CvFileType {
  extension: 'pdf' | 'doc' | 'docx';
  contentType: string;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');
// OLE2 compound document (Word 97-2003 .doc).
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = 0x04034b50;

/**
 * PDF by `%PDF-`, DOC by the OLE2 header, DOCX by a zip whose entries include `word/` (a plain
 * zip, an .xlsx or a jar is refused). Anything else is undefined.
 */
export function detectCvFileType(bytes: Buffer): CvFileType | undefined {
  if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    return { extension: 'pdf', contentType: 'application/pdf' };
  }
  if (bytes.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) {
    return { extension: 'doc', contentType: 'application/msword' };
  }
  if (bytes.length >= 30 && bytes.readUInt32LE(0) === ZIP_LOCAL_HEADER && zipHasWordEntry(bytes)) {
    return {
      extension: 'docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
  }
  return undefined;
}

/** Walks the zip's local file headers (bounded) looking for an entry under word/. */
function zipHasWordEntry(bytes: Buffer): boolean {
  let offset = 0;
  for (let entries = 0; entries < 10_000 && offset + 30 <= bytes.length; entries += 1) {
    if (bytes.readUInt32LE(offset) !== ZIP_LOCAL_HEADER) break;
    const flags = bytes.readUInt16LE(offset + 6);
    const compressedSize = bytes.readUInt32LE(offset + 18);
    const nameLength = bytes.readUInt16LE(offset + 26);
    const extraLength = bytes.readUInt16LE(offset + 28);
    const name = bytes.toString('utf8', offset + 30, Math.min(bytes.length, offset + 30 + nameLength));
    if (name.startsWith('word/')) return true;
    // With a data descriptor the size is not in the local header: fall back to the central directory.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return centralDirectoryHasWordEntry(bytes);
}

function centralDirectoryHasWordEntry(bytes: Buffer): boolean {
  const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  let at = bytes.indexOf(CENTRAL_HEADER);
  while (at !== -1 && at + 46 <= bytes.length) {
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, Math.min(bytes.length, at + 46 + nameLength));
    if (name.startsWith('word/')) return true;
    at = bytes.indexOf(CENTRAL_HEADER, at + 46);
  }
  return false;
}
