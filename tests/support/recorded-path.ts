/**
 * One random path as the path tests record it (RANDOM_PATH_REPORT) and `npm run test:paths`
 * reads it: a module of its own with no imports, so the Node scripts that read the report do not
 * take in the browser's types with the test helpers.
 */
export interface RecordedPath {
  steps: string[];
  passed: boolean;
  error?: string;
}
