// Where a worker thread's entry file is. Packaged, the app lives in an asar archive, which Node's
// module loader cannot read by itself: the packager keeps the worker files outside it
// (build/electron-builder.config.cjs, asarUnpack), in `app.asar.unpacked`, so that is where a
// worker must start from. Elsewhere (the sources, dist/cli.mjs) the file is where it is.
import { fileURLToPath, pathToFileURL } from 'node:url';

export function workerUrl(file: string, base: string): URL {
  const url = new URL(file, base);
  const path = fileURLToPath(url);
  const unpacked = path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
  return unpacked === path ? url : pathToFileURL(unpacked);
}
