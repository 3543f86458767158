/**
 * A picture from the enterprise's object storage, resized by width/height
 * suffixes. Pure and free of imports: the page's head (boot/firstPaint.ts)
 * draws the first screen's pictures with it before the app has loaded, and
 * the app with the same function after, so both ask for the same address.
 */
export function ossUrl(domain: string, path: string, width?: number, height?: number): string {
  if (!path) return '';
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:')) return path;
  const base = `${(domain || '/oss/').replace(/\/?$/, '/')}${path.replace(/^\//, '')}`;
  if (!width && !height) return base;
  const size = [width ? `w_${width}` : '', height ? `h_${height}` : ''].filter(Boolean).join(',');
  return `${base}?x-oss-process=image/resize,${size}`;
}
