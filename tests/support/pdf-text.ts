import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';

/** Each page's content streams, decoded (pdf-lib writes them as Flate streams), one string per page. */
export async function pdfPageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    let decoded = '';
    for (const item of streams) {
      const stream = item instanceof PDFRef ? doc.context.lookup(item) : item;
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = Buffer.from(stream.contents);
      decoded += stream.dict.toString().includes('FlateDecode')
        ? inflateSync(raw).toString('latin1')
        : raw.toString('latin1');
    }
    return decoded;
  });
}

/** The text a PDF's pages draw (pdf-lib writes standard-font text as hex strings). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  let text = '';
  for (const decoded of await pdfPageContents(bytes))
    for (const match of decoded.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      text += `${Buffer.from(match[1]!, 'hex').toString('latin1')}\n`;
  return text;
}
