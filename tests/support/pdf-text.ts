import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';

/** The text a PDF's pages draw (pdf-lib writes standard-font text as hex strings in Flate streams). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  let text = '';
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const item of streams) {
      const stream = item instanceof PDFRef ? doc.context.lookup(item) : item;
      if (!(stream instanceof PDFRawStream)) continue;
      const raw = Buffer.from(stream.contents);
      const decoded = stream.dict.toString().includes('FlateDecode')
        ? inflateSync(raw).toString('latin1')
        : raw.toString('latin1');
      for (const match of decoded.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
        text += `${Buffer.from(match[1]!, 'hex').toString('latin1')}\n`;
    }
  }
  return text;
}
