// Node/V8 flags the server process runs with: `npm start` (package.json), the bench, and later
// the desktop app's server process. A test keeps package.json's start script in step.
//
// --max-semi-space-size=4: V8 grows its young generation to 2 x 16 MiB under a steady request
// load and never gives it back. Request garbage dies young, so 4 MiB semi-spaces cost no
// measurable throughput here and keep the server ~20-30 MB smaller under load (docs/PERFORMANCE.md).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'] as const;
