// Minimal typing of the `qrcode` package (no @types dependency): only what modules/payment/pix.ts uses.
declare module 'qrcode' {
  export type QRCodeToStringOptions = {
    type?: 'svg' | 'utf8' | 'terminal';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
    width?: number;
  };
  export function toString(text: string, options?: QRCodeToStringOptions): Promise<string>;
  export function toBuffer(
    text: string,
    options?: { type?: 'png'; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; margin?: number; width?: number },
  ): Promise<Buffer>;
  const QRCode: { toString: typeof toString; toBuffer: typeof toBuffer };
  export default QRCode;
}
