/** Shown in SARIF and --version; kept equal to package.json by a test. */
export const VIGIL_VERSION = "0.1.0"
