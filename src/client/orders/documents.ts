/**
 * Downloads an order document (certificate or confirmation). The API wants the session's bearer
 * token, which a plain link cannot send, so the PDF is fetched and handed to the browser as a file (`saveFile`).
 */
import { HttpError } from 'react-admin';
import { apiUrl, authorizationHeader } from '../providers/httpClient';
import { readSession } from '../providers/session';
import { saveFile } from '../shell/download/saveFile';

export type OrderDocument = 'certificate' | 'confirmation';

export async function downloadOrderDocument(orderId: number, kind: OrderDocument, filename: string): Promise<void> {
  const session = readSession();
  const response = await fetch(apiUrl(`/orders/${orderId}/${kind}.pdf`), {
    headers: session ? { Authorization: authorizationHeader(session.token) } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new HttpError(body?.message ?? response.statusText, response.status, body);
  }
  saveFile(await response.blob(), filename);
}
