/** A QR code drawn as one SVG path: the member code (member/VipQrCodePage) and a coupon's code (coupons/CouponDetailsPage). */
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The dark modules of a QR code as one SVG path, with a quiet zone of `margin` modules. */
export function qrPath(text: string, margin = 4): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) parts.push(`M${col + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { size: count + margin * 2, d: parts.join('') };
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className="qr-code" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} width={240} height={240} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
