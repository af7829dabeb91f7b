// Minimal typing of the `qrcode` package (no @types dependency): only what customer-link-qr.tsx uses.
declare module 'qrcode' {
  const QRCode: {
    create(
      text: string,
      options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
    ): { modules: { size: number; get(row: number, col: number): number | boolean } };
  };
  export default QRCode;
}
