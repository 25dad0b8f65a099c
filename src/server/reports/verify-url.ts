/** A verification page's absolute address (the QR code and the storefront webhooks carry it). */
export const verifyUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/verify/${token}`;
