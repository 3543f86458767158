/**
 * The goods rows' type, set up with the menu's frame while its first goods are on their way (issue 24).
 *
 * A row's text comes in sizes and weights the pages before the menu do not use (the class's heading, the
 * goods' name, its code, the price and the old price, the count, the + and the heart). The browser sets up
 * each size of a font the first time it lays text out in it: in Chromium on Linux, a round trip to the
 * browser process for the font's settings, 2-2.5 ms each at 4x CPU, five of them in the layout of the first
 * goods (half of that layout). Laid out here, out of sight, they are ready before the first goods come.
 *
 * Out of sight and out of reach: hidden from assistive technology (aria-hidden), not shown
 * (visibility: hidden, no height), its buttons disabled and out of the tab order; none of it is a goods.
 */
import { memo } from 'react';

const HIDDEN = {
  position: 'absolute',
  left: 0,
  top: 0,
  width: 390,
  height: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
} as const;

export const RowFonts = memo(function RowFonts() {
  return (
    <div aria-hidden="true" className="row-fonts" style={HIDDEN}>
      <h2 className="menu-class">Aa 1 中</h2>
      <div className="goods">
        <div className="goods-text">
          <h3>Aa 1 中</h3>
          <span className="goods-code">#1 中</span>
          <p className="goods-price">
            <strong>$1.0 中</strong>
            <s>$1.0 中</s>
          </p>
        </div>
        <div className="goods-action">
          <span className="badge">1</span>
          <span className="tag">Aa 中</span>
          <button type="button" className="add-button" tabIndex={-1} disabled>
            +
          </button>
        </div>
      </div>
      <button type="button" className="fav-button" tabIndex={-1} disabled>
        <span>♡♥</span>
      </button>
    </div>
  );
});
