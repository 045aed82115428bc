// Types for emulator-links.cjs (the API's test of the start log's link lines uses it).
/** The start log's line for one line of the Auth emulator's output, or null when it names no link. */
export function emulatorLinkLine(line: string): string | null;
