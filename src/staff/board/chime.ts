/**
 * The ready board's chime when a number turns ready: three falling tones made
 * with Web Audio (no sound file). A TV's browser plays sound only after a tap
 * (or with autoplay allowed), so the board offers a "Turn on sound" button.
 * window.__boardChimes counts the chimes played (the journeys read it).
 */
let context: AudioContext | null = null;

declare global {
  interface Window {
    __boardChimes?: number;
    webkitAudioContext?: typeof AudioContext;
  }
}

/** Call from a tap: creates (or wakes) the audio context. Answers whether sound can play. */
export function unlockChime(): boolean {
  const Ctor = window.AudioContext ?? window.webkitAudioContext;
  if (!Ctor) return false;
  context ??= new Ctor();
  if (context.state === 'suspended') void context.resume();
  return true;
}

export function playReadyChime(): void {
  window.__boardChimes = (window.__boardChimes ?? 0) + 1;
  const ctx = context;
  if (!ctx) return;
  const start = ctx.currentTime;
  for (const [i, freq] of [1046, 784, 659].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    const at = start + i * 0.28;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.6);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.62);
  }
}
