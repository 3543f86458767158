/**
 * The new-order cue: a short two-tone beep made with Web Audio (no sound file
 * to download). Browsers let a page play sound only after a tap, so the
 * sign-in tap unlocks it. window.__staffCues counts the cues played (the
 * journeys read it).
 */
let context: AudioContext | null = null;

declare global {
  interface Window {
    __staffCues?: number;
    webkitAudioContext?: typeof AudioContext;
  }
}

/** Call from a tap: creates (or wakes) the audio context. */
export function unlockSound(): void {
  const Ctor = window.AudioContext ?? window.webkitAudioContext;
  if (!Ctor) return;
  context ??= new Ctor();
  if (context.state === 'suspended') void context.resume();
}

export function playNewOrderCue(): void {
  window.__staffCues = (window.__staffCues ?? 0) + 1;
  if (!context) unlockSound();
  const ctx = context;
  if (!ctx) return;
  const start = ctx.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.4, start + i * 0.18 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.18 + 0.16);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + i * 0.18);
    osc.stop(start + i * 0.18 + 0.17);
  }
}

declare global {
  interface Window {
    __staffVoidCues?: number;
  }
}

/** A line was voided or a round withdrawn on screen: a low falling tone (never silent). window.__staffVoidCues counts them. */
export function playVoidCue(): void {
  window.__staffVoidCues = (window.__staffVoidCues ?? 0) + 1;
  if (!context) unlockSound();
  const ctx = context;
  if (!ctx) return;
  const start = ctx.currentTime;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = 'square';
  osc.frequency.setValueAtTime(520, start);
  osc.frequency.exponentialRampToValueAtTime(180, start + 0.5);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.3, start + 0.03);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.55);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + 0.6);
}
