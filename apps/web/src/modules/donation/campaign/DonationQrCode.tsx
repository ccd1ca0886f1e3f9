import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** The donation link as a QR code (printed material), drawn as SVG; in its own chunk with the qrcode package. */
export function DonationQrCode({ url, label }: { url: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    void qrSvg(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((made) => {
      if (current) setSvg(made);
    });
    return () => {
      current = false;
    };
  }, [url]);
  if (!svg) return <div className="donation-qr" />;
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return <img className="donation-qr" src={src} alt={label} />;
}
