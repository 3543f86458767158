/**
 * ESC/POS streams cut into commands and text runs, by each command's length:
 * what the printer simulator decodes (providers/printerSim.ts) and how a
 * ticket laid out in GB18030 is re-encoded for a UTF-8 printer (encode.ts).
 */
export type EscPosToken = { type: 'text'; bytes: Uint8Array } | { type: 'cmd'; bytes: Uint8Array };

/** The length of the command at data[i] (an ESC, FS, GS, DLE or other control byte). */
function commandLength(data: Uint8Array, i: number): number {
  const b = data[i]!;
  const c = data[i + 1];
  const u16 = (j: number) => (data[j] ?? 0) + (data[j + 1] ?? 0) * 256;
  if (b === 0x1b) {
    switch (c) {
      case 0x40:
      case 0x32:
      case 0x3c:
      case 0x69:
      case 0x6d:
        return 2; // ESC @, ESC 2, ESC <, ESC i, ESC m
      case 0x24:
      case 0x5c:
        return 4; // ESC $ nL nH, ESC \ nL nH
      case 0x70:
        return 5; // ESC p m t1 t2
      case 0x2a:
        return 5 + u16(i + 3) * (data[i + 2]! >= 32 ? 3 : 1); // ESC * m nL nH d...
      default:
        return 3; // ESC x n
    }
  }
  if (b === 0x1c) {
    if (c === 0x26 || c === 0x2e) return 2; // FS &, FS .
    if (c === 0x28) return 5 + u16(i + 3); // FS ( fn pL pH ...
    if (c === 0x53 || c === 0x70) return 4; // FS S n1 n2, FS p n m
    return 3; // FS C n, FS - n, FS ! n, FS W n
  }
  if (b === 0x1d) {
    if (c === 0x56) {
      const m = data[i + 2]!;
      return m === 0 || m === 1 || m === 48 || m === 49 ? 3 : 4;
    } // GS V m [n]
    if (c === 0x28) return 5 + u16(i + 3); // GS ( X pL pH ...
    if (c === 0x4c || c === 0x57 || c === 0x50) return 4; // GS L, GS W, GS P
    if (c === 0x76) return 8 + u16(i + 4) * u16(i + 6); // GS v 0 m xL xH yL yH d...
    if (c === 0x2a) return 4 + data[i + 2]! * data[i + 3]! * 8;
    if (c === 0x6b) {
      // GS k m: barcode
      const m = data[i + 2]!;
      if (m > 6) return 4 + data[i + 3]!;
      let j = i + 3;
      while (j < data.length && data[j] !== 0) j += 1;
      return j + 1 - i;
    }
    return 3; // GS !, GS B, GS H, GS h, GS w, GS f, GS a, GS b, GS I, GS r ...
  }
  if (b === 0x10) return c === 0x14 ? 5 : 3; // DLE DC4 fn a b, DLE EOT n
  return 1; // LF, CR, other control bytes
}

export function tokenize(data: Uint8Array): EscPosToken[] {
  const tokens: EscPosToken[] = [];
  let i = 0;
  let textStart = -1;
  const flush = (end: number) => {
    if (textStart >= 0) tokens.push({ type: 'text', bytes: data.subarray(textStart, end) });
    textStart = -1;
  };
  while (i < data.length) {
    const b = data[i]!;
    if (b >= 0x20 && b !== 0x7f) {
      if (textStart < 0) textStart = i;
      i += 1;
      continue;
    }
    flush(i);
    const n = Math.max(1, Math.min(commandLength(data, i), data.length - i));
    tokens.push({ type: 'cmd', bytes: data.subarray(i, i + n) });
    i += n;
  }
  flush(i);
  return tokens;
}
