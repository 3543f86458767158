/**
 * The table-call cue (issue 28): a short three-tone chime made with Web Audio,
 * unlike the kitchen's new-order beep. window.__staffCallCues counts the cues
 * played (the journeys read it).
 */
declare global {
  interface Window {
    __staffCallCues?: number;
  }
}

let context: AudioContext | null = null;

export function playCallCue(): void {
  window.__staffCallCues = (window.__staffCallCues ?? 0) + 1;
  const Ctor = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    for (const [i, freq] of [660, 990, 660].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, start + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.35, start + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.15 + 0.13);
      osc.connect(gain).connect(context.destination);
      osc.start(start + i * 0.15);
      osc.stop(start + i * 0.15 + 0.14);
    }
  } catch {
    // no sound on this device: the banner still shows the call
  }
}
