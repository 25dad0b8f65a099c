/** The demo recording the mock mode's Vite plugin provides (scripts/mock-mode.ts). */
declare module 'virtual:kontor-mock-recording' {
  const recording: import('./recording').MockRecording;
  export default recording;
}
