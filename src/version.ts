/** The SDK's version, sent in the `User-Agent` header; a test keeps it equal to package.json's. */
export const VERSION = '0.1.0';
