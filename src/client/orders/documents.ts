/** An order document (certificate or confirmation) as a PDF download. */
import { downloadFile } from '../shell/download/saveFile';

export type OrderDocument = 'certificate' | 'confirmation';

export function downloadOrderDocument(orderId: number, kind: OrderDocument, filename: string): Promise<void> {
  return downloadFile(`/orders/${orderId}/${kind}.pdf`, filename, 'application/pdf');
}
