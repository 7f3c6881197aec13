export const SECRET_NAMES: string[];
export function secretNames(json: string): Set<string>;
export function checkDeploy(input: { configPath?: string; env?: string; secretListJson: string }): string[];
export function isDevelopmentEntry(main: string, configDir: string): boolean;
export const DEVELOPMENT_MODULE: RegExp;
export function bundledDevelopmentModules(input: { configPath?: string; env?: string }): string[];
