// Types of electron-binary.mjs, for the tests that import it.
export function electronBinary(): string | undefined;
export function downloadElectron(): boolean;
