// Types of release-assets.mjs, for the tests that import it.
export interface FeedFile {
  url: string;
  sha512: string;
  size: number;
}
export interface Feed {
  version: string;
  files: FeedFile[];
  path: string;
  sha512: string;
  releaseDate?: string;
}
export function mergeFeeds(feeds: Feed[]): Feed;
export function sha256(file: string): string;
export function gatherRelease(jobsDir: string, releaseDir: string): string[];
