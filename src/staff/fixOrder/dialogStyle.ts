/** The fix panel's dialog over the board (its own styles: the staff page's sheet is shared with other sections). */
import type { CSSProperties } from 'react';

export const OVERLAY_STYLE: CSSProperties = {
  position: 'fixed',
  inset: 0,
  background: 'rgba(0, 0, 0, 0.4)',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  overflowY: 'auto',
  zIndex: 50,
  padding: 16,
};

export const DIALOG_STYLE: CSSProperties = {
  background: '#fff',
  borderRadius: 12,
  padding: 16,
  width: 'min(640px, 100%)',
};

export const FIELD_STYLE: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 4, margin: '8px 0' };
export const INPUT_STYLE: CSSProperties = { minHeight: 44, padding: '0 10px', border: '1px solid #ccc', borderRadius: 8 };
