/**
 * The customer link as a QR code to print for the counter (a lazy chunk: the `qrcode` library loads only when the
 * home shows it), drawn as one SVG path of its dark modules. 'Imprimir QR code' prints the code alone, with the
 * shop's name and the link under it (share-link.css).
 */
import { useMemo } from 'react';
import QRCode from 'qrcode';

const QUIET = 2; // modules of white border around the code

function modulesPath(link: string): { size: number; path: string } {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) parts.push(`M${col + QUIET} ${row + QUIET}h1v1h-1z`);
  return { size: modules.size + 2 * QUIET, path: parts.join('') };
}

export function CustomerLinkQr({ link, shopName }: { link: string; shopName: string }) {
  const { size, path } = useMemo(() => modulesPath(link), [link]);
  return (
    <div className="customer-qr">
      <figure className="customer-qr__sheet">
        <svg
          className="customer-qr__code"
          viewBox={`0 0 ${size} ${size}`}
          role="img"
          aria-label={`QR code do link da loja ${shopName}`}
          shapeRendering="crispEdges"
        >
          <rect width={size} height={size} style={{ fill: 'var(--print-paper)' }} />
          <path d={path} style={{ fill: 'var(--print-ink)' }} />
        </svg>
        <figcaption className="customer-qr__caption">
          <strong>{shopName}</strong>
          <span>Aponte a câmera do celular para fazer seu pedido</span>
          <span className="customer-qr__link">{link}</span>
        </figcaption>
      </figure>
      <button type="button" className="button button--outline" onClick={() => window.print()}>
        Imprimir QR code
      </button>
    </div>
  );
}
